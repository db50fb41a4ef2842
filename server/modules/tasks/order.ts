import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { sectionRoutes, taskRoutes } from '../../../contract/tasks.ts';
import { sections, tasks } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { unprocessable } from '../../http/errors.ts';
import { register } from '../../http/route.ts';
import { prefixed } from '../../lib/ids.ts';
import { loadProjectForContent, parseWireId } from '../projects/access.ts';
import { emitSectionEvent, presentSection } from '../sections/routes.ts';
import { checkSectionOfProject, emitTaskEvent } from './service.ts';

/** 422 naming each problem unless `order` lists every id of `expected` exactly once (and nothing else). */
function checkPermutation(order: (number | undefined)[], expected: Set<number>, listed: (i: number) => string, what: string) {
  const errors: string[] = [];
  const seen = new Set<number>();
  order.forEach((id, i) => {
    if (id === undefined || !expected.has(id)) errors.push(`${listed(i)} is not ${what}`);
    else if (seen.has(id)) errors.push(`${listed(i)} appears twice`);
    else seen.add(id);
  });
  return { errors, seen };
}

/** Drag and keyboard moves of the project page: sections reordered, tasks moved within and between sections. */
export function registerOrderRoutes(app: Hono<AppEnv>) {
  register(app, sectionRoutes.order, async (c, { params, body }, caller) => {
    const rows = await c.get('scope').tx(async (s) => {
      const project = await loadProjectForContent(s, caller, params.project_id, 'edit');
      const live = await s.db
        .select()
        .from(sections)
        .where(s.where(sections, eq(sections.projectId, project.id), isNull(sections.deletedAt)))
        .orderBy(asc(sections.position), asc(sections.id));
      const byId = new Map(live.map((r) => [r.id, r]));
      const { errors, seen } = checkPermutation(body.order, new Set(byId.keys()), (i) => `Section ${body.order[i]}`, 'a section of this project');
      for (const r of live) if (!seen.has(r.id)) errors.push(`Section ${r.id} is missing`);
      if (errors.length) throw unprocessable('order must list every section of the project exactly once', { order: errors });
      const result = [];
      for (const [position, id] of body.order.entries()) {
        const row = byId.get(id)!;
        if (row.position === position) {
          result.push(row);
          continue;
        }
        const [updated] = await s.update(sections, { position }, eq(sections.id, id));
        await emitSectionEvent(s, caller, 'api:section:updated', updated!);
        result.push(updated!);
      }
      return result;
    });
    return rows.map(presentSection);
  });

  register(app, taskRoutes.order, async (c, { params, body }, caller) => {
    return c.get('scope').tx(async (s) => {
      const project = await loadProjectForContent(s, caller, params.project_id, 'edit');
      const sectionId = body.section;
      if (sectionId !== null) await checkSectionOfProject(s, project.id, sectionId);
      const ids = body.order.map((id) => parseWireId(id));
      const known = ids.filter((id): id is number => id !== undefined);
      const listed = known.length
        ? await s.db
            .select()
            .from(tasks)
            .where(s.where(tasks, eq(tasks.projectId, project.id), isNull(tasks.deletedAt), inArray(tasks.id, known)))
        : [];
      const byId = new Map(listed.map((r) => [r.id, r]));
      const { errors, seen } = checkPermutation(ids, new Set(byId.keys()), (i) => `Task ${body.order[i]}`, 'a task of this project');
      const staying = await s.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(
          s.where(
            tasks,
            eq(tasks.projectId, project.id),
            isNull(tasks.deletedAt),
            sectionId === null ? isNull(tasks.sectionId) : eq(tasks.sectionId, sectionId),
          ),
        );
      for (const r of staying) if (!seen.has(r.id)) errors.push(`Task ${prefixed(r.id)} of this section is missing`);
      if (errors.length) throw unprocessable('order must list every task of the section exactly once', { order: errors });
      for (const [position, id] of (ids as number[]).entries()) {
        const row = byId.get(id)!;
        if (row.position === position && row.sectionId === sectionId) continue;
        const [updated] = await s.update(tasks, { position, sectionId }, eq(tasks.id, id));
        await emitTaskEvent(s, caller, 'api:task:updated', updated!);
      }
      return ids.map((id) => prefixed(id!));
    });
  });
}
