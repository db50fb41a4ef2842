import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { fieldRoutes, type Field } from '../../../contract/fields.ts';
import { customFields, taskFieldValues, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { isAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { prefixed } from '../../lib/ids.ts';
import { loadProjectForRead, requireContentAccess } from '../projects/access.ts';
import { loadTaskForWrite } from '../tasks/access.ts';
import { assignOptionIds, validateFieldValue, type FieldRow } from './rules.ts';

const present = (f: FieldRow): Field => ({
  id: f.id,
  project: prefixed(f.projectId),
  name: f.name,
  type: f.type,
  format: f.format,
  options: f.options,
  visibility: f.visibility,
  position: f.position,
});

/** Admin-only fields exist only for admins. */
const visibleTo = (caller: Caller) => (isAdmin(caller) ? undefined : eq(customFields.visibility, 'all'));

const projectFields = (scope: Scope, projectId: number, caller: Caller) =>
  scope.db
    .select()
    .from(customFields)
    .where(scope.where(customFields, eq(customFields.projectId, projectId), visibleTo(caller)))
    .orderBy(asc(customFields.position), asc(customFields.id));

/**
 * The project whose fields the caller changes (DESIGN's role table): `edit` (create, rename, options, order)
 * for admins, supervisors and members assigned to it; `manage` (delete) for admins and supervisors.
 * 404 when the project is invisible, 403 when visible but not allowed.
 */
async function loadFieldProject(scope: Scope, caller: Caller, projectId: string | number, action: 'edit' | 'manage') {
  const project = await loadProjectForRead(scope, caller, projectId);
  await requireContentAccess(scope, caller, project, action, 'custom fields');
  return project;
}

/** A field the caller may change (`loadFieldProject`): the field visible, its project readable. 404 otherwise. */
async function loadFieldForWrite(scope: Scope, caller: Caller, fieldId: number, action: 'edit' | 'manage'): Promise<FieldRow> {
  const row = await scope.first(customFields, eq(customFields.id, fieldId), visibleTo(caller));
  if (!row) throw notFound('Field');
  await loadFieldProject(scope, caller, row.projectId, action);
  return row;
}

function requireVisibilityRight(caller: Caller, visibility: 'all' | 'admins' | undefined) {
  if (visibility === 'admins' && !isAdmin(caller)) throw forbidden('Only admins can make a field visible to admins only');
}

export function registerFieldRoutes(app: Hono<AppEnv>) {
  register(app, fieldRoutes.list, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const project = await loadProjectForRead(scope, caller, params.project_id);
    return (await projectFields(scope, project.id, caller)).map(present);
  });

  register(app, fieldRoutes.create, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const project = await loadFieldProject(scope, caller, params.project_id, 'edit');
    requireVisibilityRight(caller, body.visibility);
    const row = await scope.tx(async (s) => {
      const [last] = await s.db
        .select({ max: sql<number | null>`max(${customFields.position})` })
        .from(customFields)
        .where(s.where(customFields, eq(customFields.projectId, project.id)));
      return s.insert(customFields, {
        projectId: project.id,
        name: body.name,
        type: body.type,
        format: body.type === 'number' ? body.format : {},
        options: body.type === 'select' ? assignOptionIds(body.options, []) : [],
        visibility: body.visibility,
        position: (last?.max ?? -1) + 1,
      });
    });
    return present(row);
  });

  register(app, fieldRoutes.update, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const field = await loadFieldForWrite(scope, caller, params.field_id, 'edit');
    requireVisibilityRight(caller, body.visibility);
    if (body.options !== undefined && field.type !== 'select')
      throw unprocessable('Only select fields have options', { options: ['Only select fields have options'] });
    if (body.format !== undefined && field.type !== 'number')
      throw unprocessable('Only number fields have a format', { format: ['Only number fields have a format'] });
    if (body.options !== undefined && body.options.length === 0)
      throw unprocessable('A select field needs options', { options: ['A select field needs options'] });
    const options = body.options !== undefined ? assignOptionIds(body.options, field.options) : undefined;
    const row = await scope.tx(async (s) => {
      const [updated] = await s.update(
        customFields,
        {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
          ...(body.format !== undefined ? { format: { ...field.format, ...body.format } } : {}),
          ...(options ? { options } : {}),
        },
        eq(customFields.id, field.id),
      );
      if (options) {
        // Values that pointed at a removed option no longer mean anything.
        const kept = options.map((o) => o.id);
        await s.delete(
          taskFieldValues,
          eq(taskFieldValues.fieldId, field.id),
          sql`not (${taskFieldValues.value} <@ ${JSON.stringify(kept)}::jsonb)`,
        );
      }
      return updated!;
    });
    return present(row);
  });

  register(app, fieldRoutes.remove, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const field = await loadFieldForWrite(scope, caller, params.field_id, 'manage');
    await scope.delete(customFields, eq(customFields.id, field.id));
  });

  register(app, fieldRoutes.order, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const project = await loadFieldProject(scope, caller, params.project_id, 'edit');
    return scope.tx(async (s) => {
      const visible = await projectFields(s, project.id, caller);
      const ids = new Set(visible.map((f) => f.id));
      const errors: string[] = [];
      const seen = new Set<number>();
      for (const id of body.order) {
        if (!ids.has(id)) errors.push(`Field ${id} is not a field of this project`);
        else if (seen.has(id)) errors.push(`Field ${id} appears twice`);
        seen.add(id);
      }
      for (const f of visible) if (!seen.has(f.id)) errors.push(`Field ${f.id} is missing`);
      if (errors.length) throw unprocessable('order must list every field of the project exactly once', { order: errors });
      // Fields the caller cannot see (admin-only, for supervisors) keep their relative order after these.
      const hidden = await s.db
        .select({ id: customFields.id })
        .from(customFields)
        .where(s.where(customFields, eq(customFields.projectId, project.id), ids.size ? notInArray(customFields.id, [...ids]) : undefined))
        .orderBy(asc(customFields.position), asc(customFields.id));
      const full = [...body.order, ...hidden.map((h) => h.id)];
      for (const [position, id] of full.entries()) await s.update(customFields, { position }, eq(customFields.id, id));
      return body.order;
    });
  });

  register(app, fieldRoutes.setValue, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const { task } = await loadTaskForWrite(scope, caller, params.task_id, 'edit');
    const field = await scope.first(
      customFields,
      eq(customFields.id, params.field_id),
      eq(customFields.projectId, task.projectId),
      visibleTo(caller),
    );
    if (!field) throw notFound('Field');
    const result = { task: prefixed(task.id), field: field.id };
    if (body.value === null) {
      await scope.delete(taskFieldValues, eq(taskFieldValues.taskId, task.id), eq(taskFieldValues.fieldId, field.id));
      return { ...result, value: null };
    }
    const value = await validateFieldValue(field, body.value, async (id) => {
      const [u] = await scope.db
        .select({ id: users.id })
        .from(users)
        .where(and(scope.mine(users), eq(users.id, id), ne(users.status, 'removed')))
        .limit(1);
      return u !== undefined;
    });
    await scope.db
      .insert(taskFieldValues)
      .values({ teamId: scope.teamId, taskId: task.id, fieldId: field.id, value, updatedAt: c.get('deps').clock() })
      .onConflictDoUpdate({ target: [taskFieldValues.taskId, taskFieldValues.fieldId], set: { value, updatedAt: c.get('deps').clock() } });
    return { ...result, value };
  });
}
