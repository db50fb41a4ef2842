import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Section } from '../../../contract/tasks.ts';
import { sectionRoutes } from '../../../contract/tasks.ts';
import { projects, sections } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { notFound } from '../../http/errors.ts';
import { register } from '../../http/route.ts';
import { prefixed } from '../../lib/ids.ts';
import {
  isDbId,
  loadProjectForContent,
  loadProjectForRead,
  requireContentAccess,
  visibleProjectsWhere,
  type ProjectRow,
  type Viewer,
} from '../projects/access.ts';
import { projectUserIds } from '../projects/present.ts';
import { emitEvent, type EventKind } from '../webhooks/outbox.ts';

export type SectionRow = typeof sections.$inferSelect;

export const presentSection = (r: SectionRow): Section => ({
  id: r.id,
  name: r.name,
  project: prefixed(r.projectId),
  position: r.position,
  status: r.status,
});

/**
 * The section with its project, if the viewer may read the project. 404 for another team's section,
 * an invisible project, and a deleted section (unless `includeDeleted`).
 */
export async function loadSection(
  scope: Scope,
  viewer: Viewer,
  sectionId: number,
  opts: { includeDeleted?: boolean } = {},
): Promise<{ section: SectionRow; project: ProjectRow }> {
  if (!isDbId(sectionId)) throw notFound('Section');
  const [row] = await scope.db
    .select({ section: sections, project: projects })
    .from(sections)
    .innerJoin(projects, eq(projects.id, sections.projectId))
    .where(
      and(
        scope.mine(sections),
        eq(sections.id, sectionId),
        opts.includeDeleted ? undefined : isNull(sections.deletedAt),
        visibleProjectsWhere(scope, viewer),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Section');
  return row;
}

export async function emitSectionEvent(scope: Scope, actor: Viewer, kind: EventKind, row: SectionRow) {
  const resource = presentSection(row);
  const users = (await projectUserIds(scope, [row.projectId])).get(row.projectId) ?? [];
  await emitEvent(scope, {
    kind,
    actorId: actor.user.id,
    resourceId: String(row.id),
    resource,
    projectId: row.projectId,
    projects: [resource.project],
    users,
  });
}

async function reload(scope: Scope, id: number): Promise<SectionRow> {
  const row = await scope.byId(sections, id);
  if (!row) throw new Error(`section ${id} vanished inside its transaction`);
  return row;
}

/** Sections: read with the project; create and edit like tasks (members on assigned projects); delete and recover by admins and supervisors. */
export function registerSectionRoutes(app: Hono<AppEnv>) {
  register(app, sectionRoutes.list, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const project = await loadProjectForRead(scope, caller, params.project_id);
    const rows = await scope.db
      .select()
      .from(sections)
      .where(scope.where(sections, eq(sections.projectId, project.id), isNull(sections.deletedAt)))
      .orderBy(asc(sections.position), asc(sections.id));
    return rows.map(presentSection);
  });

  register(app, sectionRoutes.create, async (c, { params, body }, caller) => {
    const row = await c.get('scope').tx(async (s) => {
      const project = await loadProjectForContent(s, caller, params.project_id, 'edit');
      let position = body.position;
      if (position === undefined) {
        const [last] = await s.db
          .select({ next: sql<number>`coalesce(max(${sections.position}) + 1, 0)::int` })
          .from(sections)
          .where(s.where(sections, eq(sections.projectId, project.id), isNull(sections.deletedAt)));
        position = Number(last?.next ?? 0);
      }
      const created = await s.insert(sections, { projectId: project.id, name: body.name, position, status: body.status ?? 'open' });
      await emitSectionEvent(s, caller, 'api:section:created', created);
      return created;
    });
    return presentSection(row);
  });

  register(app, sectionRoutes.get, async (c, { params }, caller) => {
    return presentSection((await loadSection(c.get('scope'), caller, params.section_id)).section);
  });

  register(app, sectionRoutes.update, async (c, { params, body }, caller) => {
    const row = await c.get('scope').tx(async (s) => {
      const { section, project } = await loadSection(s, caller, params.section_id);
      await requireContentAccess(s, caller, project, 'edit');
      if (Object.keys(body).length) await s.update(sections, body, eq(sections.id, section.id));
      const updated = await reload(s, section.id);
      await emitSectionEvent(s, caller, 'api:section:updated', updated);
      return updated;
    });
    return presentSection(row);
  });

  register(app, sectionRoutes.remove, async (c, { params }, caller) => {
    const now = c.get('deps').clock();
    await c.get('scope').tx(async (s) => {
      const { section, project } = await loadSection(s, caller, params.section_id);
      await requireContentAccess(s, caller, project, 'manage');
      const [removed] = await s.update(sections, { deletedAt: now }, eq(sections.id, section.id));
      await emitSectionEvent(s, caller, 'api:section:removed', removed ?? section);
    });
  });

  register(app, sectionRoutes.recover, async (c, { params }, caller) => {
    const row = await c.get('scope').tx(async (s) => {
      const { section, project } = await loadSection(s, caller, params.section_id, { includeDeleted: true });
      await requireContentAccess(s, caller, project, 'manage');
      if (section.deletedAt === null) return section;
      const [recovered] = await s.update(sections, { deletedAt: null }, eq(sections.id, section.id));
      await emitSectionEvent(s, caller, 'api:section:recovered', recovered!);
      return recovered!;
    });
    return presentSection(row);
  });
}
