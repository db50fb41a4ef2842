import { asc, eq, isNull, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import { taskRoutes } from '../../../contract/tasks.ts';
import { tasks, type StoredEstimate } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { fieldError, unprocessable } from '../../http/errors.ts';
import { register } from '../../http/route.ts';
import { lockViewer } from '../timesheets/auto-lock.ts';
import { loadProjectForContent, loadProjectForRead } from '../projects/access.ts';
import { unknownUserIds } from '../projects/service.ts';
import { registerSectionRoutes } from '../sections/routes.ts';
import { loadTask, loadTaskForWrite } from './access.ts';
import { refuseIfLockedTime, stopTimersOnTasks } from './deletion.ts';
import { registerOrderRoutes } from './order.ts';
import { presentTask, presentTasks } from './present.ts';
import { nameHasWords, queryWords, searchTasks } from './search.ts';
import { checkSectionOfProject, emitTaskEvent, nextTaskPosition, reloadTask, taskChanges } from './service.ts';
import { auditCaller, recordAudit } from '../audit/record.ts';

/** Search needs text unless it asks for unscheduled tasks (400 when the parameter is left out, 422 when it holds no word). */
function requireQuery(query: string | undefined, unscheduled: boolean | undefined) {
  if (!unscheduled && queryWords(query).length === 0)
    throw fieldError({ query }, 'query', query === undefined ? 'query is required (or unscheduled=true)' : 'query must hold a word to search for', 'query');
}

export function registerTaskRoutes(app: Hono<AppEnv>) {
  registerSectionRoutes(app);
  registerOrderRoutes(app);

  register(app, taskRoutes.listInProject, async (c, { params, query }, caller) => {
    const scope = c.get('scope');
    const project = await loadProjectForRead(scope, caller, params.project_id);
    const limit = query.limit ?? 250;
    const rows = await scope.db
      .select()
      .from(tasks)
      .where(
        scope.where(
          tasks,
          eq(tasks.projectId, project.id),
          isNull(tasks.deletedAt),
          query['exclude-closed'] ? ne(tasks.status, 'closed') : undefined,
          ...nameHasWords(queryWords(query.query)),
        ),
      )
      .orderBy(asc(tasks.position), asc(tasks.id))
      .limit(limit)
      .offset(((query.page ?? 1) - 1) * limit);
    return presentTasks(scope, caller, rows);
  });

  register(app, taskRoutes.searchInProject, async (c, { params, query }, caller) => {
    const scope = c.get('scope');
    const project = await loadProjectForRead(scope, caller, params.project_id);
    requireQuery(query.query, query.unscheduled);
    const rows = await searchTasks(scope, caller, {
      projectId: project.id,
      query: query.query,
      limit: query.limit ?? 10,
      searchInClosed: query.searchInClosed ?? false,
      unscheduled: query.unscheduled ?? false,
    });
    return presentTasks(scope, caller, rows);
  });

  register(app, taskRoutes.search, async (c, { query }, caller) => {
    const scope = c.get('scope');
    requireQuery(query.query, query.unscheduled);
    const rows = await searchTasks(scope, caller, {
      query: query.query,
      limit: query.limit ?? 100,
      searchInClosed: query.searchInClosed ?? false,
      unscheduled: query.unscheduled ?? false,
    });
    return presentTasks(scope, caller, rows);
  });

  register(app, taskRoutes.create, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const row = await scope.tx(async (s) => {
      const project = await loadProjectForContent(s, caller, params.project_id, 'edit');
      if (body.section != null) await checkSectionOfProject(s, project.id, body.section);
      const position = body.position ?? (await nextTaskPosition(s, project.id));
      const created = await s.insert(tasks, { ...taskChanges(body), name: body.name, position, projectId: project.id });
      await emitTaskEvent(s, caller, 'api:task:created', created);
      return created;
    });
    return presentTask(scope, caller, row);
  });

  register(app, taskRoutes.get, async (c, { params }, caller) => {
    const scope = c.get('scope');
    return presentTask(scope, caller, (await loadTask(scope, caller, params.task_id)).task);
  });

  register(app, taskRoutes.update, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const row = await scope.tx(async (s) => {
      const { task } = await loadTaskForWrite(s, caller, params.task_id, 'edit');
      if (body.section != null) await checkSectionOfProject(s, task.projectId, body.section);
      const set = taskChanges(body);
      if (Object.keys(set).length) await s.update(tasks, set, eq(tasks.id, task.id));
      const updated = await reloadTask(s, task.id);
      await emitTaskEvent(s, caller, 'api:task:updated', updated);
      return updated;
    });
    return presentTask(scope, caller, row);
  });

  register(app, taskRoutes.remove, async (c, { params }, caller) => {
    const now = c.get('deps').clock();
    await c.get('scope').tx(async (s) => {
      const { task } = await loadTaskForWrite(s, caller, params.task_id, 'manage');
      await refuseIfLockedTime(s, [task.id], 'task', lockViewer(caller, now));
      await stopTimersOnTasks(s, caller, [task.id], now);
      const [removed] = await s.update(tasks, { deletedAt: now }, eq(tasks.id, task.id), isNull(tasks.deletedAt));
      await emitTaskEvent(s, caller, 'api:task:removed', removed ?? task);
      if (removed) await recordAudit(s.db, auditCaller(c, caller), { kind: 'task.deleted', subject: { type: 'task', id: params.task_id, name: task.name } });
    });
  });

  register(app, taskRoutes.recover, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const row = await scope.tx(async (s) => {
      const { task } = await loadTaskForWrite(s, caller, params.task_id, 'manage', { includeDeleted: true });
      if (task.deletedAt === null) return task;
      const [recovered] = await s.update(tasks, { deletedAt: null }, eq(tasks.id, task.id));
      await emitTaskEvent(s, caller, 'api:task:recovered', recovered!);
      return recovered!;
    });
    return presentTask(scope, caller, row);
  });

  register(app, taskRoutes.setEstimate, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const row = await scope.tx(async (s) => {
      const { task } = await loadTaskForWrite(s, caller, params.task_id, 'edit');
      const unknown = await unknownUserIds(s, Object.keys(body.users).map(Number));
      if (unknown.length) {
        const messages = unknown.map((id) => `User ${id} is not a member of this team`);
        throw unprocessable(messages[0]!, { users: messages });
      }
      const users = Object.fromEntries(Object.entries(body.users).map(([k, v]) => [String(Number(k)), v]));
      const total = body.type === 'users' ? Object.values(users).reduce((a, b) => a + b, 0) : body.total!;
      const estimate: StoredEstimate = { total, type: body.type, users };
      const [updated] = await s.update(tasks, { estimate }, eq(tasks.id, task.id));
      await emitTaskEvent(s, caller, 'api:estimate:updated', updated!);
      return updated!;
    });
    return presentTask(scope, caller, row);
  });

  register(app, taskRoutes.removeEstimate, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const row = await scope.tx(async (s) => {
      const { task } = await loadTaskForWrite(s, caller, params.task_id, 'edit');
      const [updated] = await s.update(tasks, { estimate: null }, eq(tasks.id, task.id));
      await emitTaskEvent(s, caller, 'api:estimate:updated', updated!);
      return updated!;
    });
    return presentTask(scope, caller, row);
  });
}
