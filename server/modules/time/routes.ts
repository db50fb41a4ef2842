import type { Context, Hono } from 'hono';
import { timeRoutes, timeRecordListItem } from '../../../contract/time.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { isManager, ownUnlessManager } from '../../http/permissions.ts';
import { reportFileName } from '../../../contract/report-columns.ts';
import { register } from '../../http/route.ts';
import { notifierFor } from '../notifications/emit.ts';
import { xlsxResponse } from '../../lib/xlsx.ts';
import { loadProjectForRead, parseWireId } from '../projects/access.ts';
import { registerTimerRoutes } from '../timers/routes.ts';
import { loadTaskForRead, loadTeamUser, requireReadOf } from './access.ts';
import { exportEstimates } from './estimate-export.ts';
import { DEFAULT_EXPORT_FIELDS, exportTime, timeExportSheet } from './export.ts';
import { listJson, type ListFilter } from './lists.ts';
import { addTime, deleteTime, getTime, updateTime } from './mutations.ts';
import { addTaskTime, removeTaskTime, setTaskTime } from './task-time.ts';
import { lockViewer } from '../timesheets/auto-lock.ts';

const listSchema = timeRecordListItem.array();

/** Answers a list built as JSON bytes; in tests (`checkResponses`) it is checked against the contract first. */
async function answerList(c: Context<AppEnv>, caller: Caller, f: ListFilter): Promise<Response> {
  const json = await listJson(c.get('scope'), caller, f, lockViewer(caller, c.get('deps').clock()));
  if (c.get('deps').checkResponses) {
    const r = listSchema.safeParse(JSON.parse(json.toString('utf8')));
    if (!r.success) throw new Error(`Time list breaks the contract: ${r.error.message}`);
  }
  return c.newResponse(new Uint8Array(json.buffer as ArrayBuffer, json.byteOffset, json.byteLength), 200, {
    'Content-Type': 'application/json',
  });
}

/** Callers who may not read others' time see their own records only. */

export function registerTimeRoutes(app: Hono<AppEnv>) {
  const notifier = (c: Context<AppEnv>) => notifierFor(c.get('deps'));
  register(app, timeRoutes.add, async (c, { body }, caller) => addTime(c.get('scope'), caller, body, c.get('deps').clock(), notifier(c)));
  register(app, timeRoutes.get, async (c, { params }, caller) => getTime(c.get('scope'), caller, params.time_id, c.get('deps').clock()));
  register(app, timeRoutes.update, async (c, { params, body }, caller) =>
    updateTime(c.get('scope'), caller, params.time_id, body, c.get('deps').clock(), notifier(c)),
  );
  register(app, timeRoutes.remove, async (c, { params }, caller) =>
    deleteTime(c.get('scope'), caller, params.time_id, c.get('deps').clock(), notifier(c)),
  );

  register(app, timeRoutes.addToTask, async (c, { params, body }, caller) =>
    addTaskTime(c.get('scope'), caller, params.task_id, body, c.get('deps').clock(), notifier(c)),
  );
  register(app, timeRoutes.setOnTask, async (c, { params, body }, caller) =>
    setTaskTime(c.get('scope'), caller, params.task_id, body, c.get('deps').clock(), notifier(c)),
  );
  register(app, timeRoutes.removeFromTask, async (c, { params, query, body }, caller) =>
    removeTaskTime(c.get('scope'), caller, params.task_id, { date: body.date ?? query.date, user: body.user ?? query.user }, c.get('deps').clock(), notifier(c)),
  );

  register(app, timeRoutes.listUser, async (c, { params, query }, caller) => {
    const scope = c.get('scope');
    if (params.user_id !== caller.user.id) {
      await loadTeamUser(scope, params.user_id).catch(() => {
        throw notFound('User');
      });
      requireReadOf(caller, params.user_id);
    }
    return answerList(c, caller, { ...query, userId: params.user_id });
  });

  register(app, timeRoutes.listTeam, async (c, { query }, caller) => {
    const scope = c.get('scope');
    const { user, project, ...rest } = query;
    if (user !== undefined && user !== caller.user.id) requireReadOf(caller, user);
    let projectId: number | undefined;
    if (project !== undefined) {
      projectId = parseWireId(project);
      await loadProjectForRead(scope, caller, project).catch(() => {
        throw invalid('project', `Project ${project} does not exist`);
      });
    }
    return answerList(c, caller, { ...rest, projectId, userId: user ?? ownUnlessManager(caller) });
  });

  register(app, timeRoutes.listProject, async (c, { params, query }, caller) => {
    const project = await loadProjectForRead(c.get('scope'), caller, params.project_id);
    return answerList(c, caller, { ...query, projectId: project.id, userId: ownUnlessManager(caller) });
  });

  register(app, timeRoutes.listTask, async (c, { params, query }, caller) => {
    const { task } = await loadTaskForRead(c.get('scope'), caller, params.task_id);
    return answerList(c, caller, { ...query, taskId: task.id, userId: ownUnlessManager(caller) });
  });

  register(app, timeRoutes.export, async (c, { query }, caller) => {
    const scope = c.get('scope');
    if (query.user !== undefined && query.user !== caller.user.id && !isManager(caller))
      throw forbidden("Only admins and supervisors can read other users' time");
    let projectId: number | undefined;
    if (query.project !== undefined) {
      projectId = (
        await loadProjectForRead(scope, caller, query.project).catch(() => {
          throw invalid('project', `Project ${query.project} does not exist`);
        })
      ).id;
    }
    const fields = query.fields && query.fields.length ? query.fields : DEFAULT_EXPORT_FIELDS;
    const rows = await exportTime(scope, {
      fields,
      from: query.from,
      to: query.to,
      projectId,
      clientId: query.client,
      userId: query.user ?? ownUnlessManager(caller),
      onlyWithTask: query.onlyWithTask,
    });
    if (query.format !== 'xlsx') return rows;
    return xlsxResponse(reportFileName('time', query.from, query.to, 'xlsx'), [timeExportSheet(rows, fields)], (e) =>
      c.get('deps').logger.error('time export failed', { error: e instanceof Error ? e.message : String(e) }),
    );
  });

  register(app, timeRoutes.estimateExport, async (c, { query }, caller) => exportEstimates(c.get('scope'), caller, query));

  registerTimerRoutes(app);
}
