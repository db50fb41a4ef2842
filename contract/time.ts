import { z } from 'zod';
import {
  MAX_ID,
  dateString,
  dateTimeString,
  idInput,
  numericId,
  numericIdParam,
  prefixedIdParam,
  projectId,
  queryBool,
  queryDate,
  queryInt,
  seconds,
  taskId,
  XLSX_TYPE,
} from './common.ts';
import { projectParams } from './projects.ts';
import { defineRoute } from './route.ts';
import { task } from './tasks.ts';
import { userSummary } from './users.ts';

/** Most seconds one add (or one edit) may put on a record: a whole day. */
export const MAX_SECONDS_PER_DAY = 24 * 3600;

export const historyAction = z.enum(['ADD', 'EDIT', 'TIMER', 'REMOVE', 'COMMENT', 'MOVE']);

/** One change of a record; `time` is the change in seconds, `previousTime` the value before it. */
export const timeHistoryItem = z.object({
  id: numericId,
  createdBy: numericId,
  time: z.number().int(),
  previousTime: seconds,
  action: historyAction,
  createdAt: dateTimeString,
});

/** Why a legal record looks wrong (`day_over_24h`, `task_closed`). */
export const timeWarning = z.object({ code: z.string(), message: z.string() });

/** The list shape: the eight fields the spec names. */
export const timeRecordListItem = z.object({
  id: numericId,
  time: seconds,
  user: numericId,
  date: dateString,
  task: task.nullable(),
  isLocked: z.boolean(),
  isInvoiced: z.boolean(),
  comment: z.string(),
});
export type TimeRecordListItem = z.infer<typeof timeRecordListItem>;

/** The full shape (single-record answers). */
export const timeRecord = timeRecordListItem.extend({
  history: z.array(timeHistoryItem),
  createdAt: dateTimeString,
  warning: timeWarning.optional(),
  lockReasons: z.array(z.string()),
  /** The page the time was tracked on (browser extensions); null when not known. Always present, as the spec's full shape lists it. */
  website: z.object({ url: z.string(), title: z.string() }).nullable(),
});
export type TimeRecord = z.infer<typeof timeRecord>;

/** Seconds of one day's record: whole, 0 to 24 hours. */
export const timeAmount = z
  .number({ error: 'Must be a number of seconds' })
  .int('Must be whole seconds')
  .min(0, 'Must not be negative')
  .max(MAX_SECONDS_PER_DAY, 'Must not exceed 24 hours (86400 seconds)');

export const addTimeBody = z.object({
  time: timeAmount.min(1, 'Must be at least 1 second'),
  date: dateString,
  /** Absent or null: time without a task. */
  task: taskId.nullish(),
  /** Defaults to the caller. */
  user: idInput.optional(),
  comment: z.string().max(10000).optional(),
});
export type AddTimeBody = z.infer<typeof addTimeBody>;

export const updateTimeBody = z
  .object({
    time: timeAmount,
    date: dateString,
    task: taskId.nullable(),
    user: idInput,
    comment: z.string().max(10000),
  })
  .partial();
export type UpdateTimeBody = z.infer<typeof updateTimeBody>;

/** POST /tasks/{task_id}/time: the body of POST /time, the task named by the path. */
export const addTaskTimeBody = addTimeBody.omit({ task: true });
export type AddTaskTimeBody = z.infer<typeof addTaskTimeBody>;
/** PUT /tasks/{task_id}/time: the seconds the user's record of that date should hold (created when missing). */
export const setTaskTimeBody = z.object({
  time: timeAmount,
  date: dateString,
  user: idInput.optional(),
  comment: z.string().max(10000).optional(),
});
export type SetTaskTimeBody = z.infer<typeof setTaskTimeBody>;
/** DELETE /tasks/{task_id}/time: `date` (required) and `user` (default the caller), in the body or the query. */
export const removeTaskTimeBody = z.object({ date: dateString.optional(), user: idInput.optional() });
export const removeTaskTimeQuery = z.object({ date: queryDate.optional(), user: queryInt(1, MAX_ID).optional() });

const pagingFields = {
  from: queryDate.optional(),
  to: queryDate.optional(),
  date: queryDate.optional(),
  limit: queryInt(1, 50000).optional(),
  page: queryInt(1, 1_000_000).optional(),
  offset: queryInt(0, 1_000_000).optional(),
  onlyWithTask: queryBool.optional(),
};
const fromBeforeTo = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;
const rangeError = { message: 'Must not be before from', path: ['to'] };

/** Query of the per-user, per-project and per-task lists. */
export const timeListQuery = z.object(pagingFields).refine(fromBeforeTo, rangeError);
export type TimeListQuery = z.infer<typeof timeListQuery>;
/** Query of GET /team/time: adds `user` and `project`. */
export const teamTimeQuery = z
  .object({ ...pagingFields, user: queryInt(1, MAX_ID).optional(), project: prefixedIdParam.optional() })
  .refine(fromBeforeTo, rangeError);
export type TeamTimeQuery = z.infer<typeof teamTimeQuery>;

export const exportFields = ['date', 'user', 'task', 'project', 'month', 'projects'] as const;
export type ExportField = (typeof exportFields)[number];
export const timeExportQuery = z
  .object({
    from: queryDate.optional(),
    to: queryDate.optional(),
    fields: z
      .string()
      .max(200)
      .transform((s) =>
        s
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(exportFields, { error: `Must be any of ${exportFields.join(', ')}` })))
      .optional(),
    project: prefixedIdParam.optional(),
    client: queryInt(1, MAX_ID).optional(),
    user: queryInt(1, MAX_ID).optional(),
    onlyWithTask: queryBool.optional(),
    /** `json` (the default) or `xlsx`, an Excel workbook of the same rows. */
    format: z.enum(['json', 'xlsx'], { error: 'Must be json or xlsx' }).default('json'),
  })
  .refine(fromBeforeTo, rangeError);
export type TimeExportQuery = z.infer<typeof timeExportQuery>;

/** A project as the deprecated exports name it. */
const exportProject = z.object({ id: projectId, name: z.string(), workspace: z.string() });
/** A task as the deprecated exports name it: `iteration` is its section's name, `number` its numeric id. */
const exportTask = z.object({
  id: taskId,
  name: z.string(),
  status: z.enum(['open', 'closed']),
  type: z.literal('task'),
  iteration: z.string(),
  number: z.number().int(),
  dueAt: dateString.nullable(),
});

/** One row of the export: summed time per distinct combination of the chosen fields. */
export const timeExportRow = z.object({
  time: z.number().int(),
  date: dateString.optional(),
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional(),
  user: z.object({ id: numericId, name: z.string() }).optional(),
  project: exportProject.nullable().optional(),
  projects: z.array(projectId).optional(),
  task: exportTask.nullable().optional(),
});
export type TimeExportRow = z.infer<typeof timeExportRow>;

/** Query of GET /team/estimate/export: tasks due within the dates (`YYYY-MM-DD`, both included), open or completed ones. */
export const estimateExportQuery = z
  .object({
    dueFrom: queryDate.optional(),
    dueTo: queryDate.optional(),
    status: z.enum(['open', 'completed'], { error: 'Must be open or completed' }).optional(),
  })
  .refine((q) => !q.dueFrom || !q.dueTo || q.dueFrom <= q.dueTo, { message: 'Must not be before dueFrom', path: ['dueTo'] });
export type EstimateExportQuery = z.infer<typeof estimateExportQuery>;

/** One row of the estimates export: a task with an estimate, its project, and the time recorded on it. */
export const estimateExportRow = z.object({
  estimate: z.object({ total: seconds, type: z.enum(['overall', 'users']), users: z.record(z.string(), seconds).optional() }),
  project: exportProject,
  task: exportTask,
  time: z.object({ total: seconds, users: z.record(z.string(), seconds) }),
});
export type EstimateExportRow = z.infer<typeof estimateExportRow>;

/** A running or just-stopped timer. */
export const timer = z.object({
  status: z.enum(['active', 'stopped']),
  /** Seconds of the current run. */
  duration: seconds,
  /** Seconds the user has on this task on `userDate` (booked records). */
  today: seconds,
  startedAt: dateTimeString,
  userDate: dateString,
  comment: z.string(),
  task: task.nullable(),
  user: userSummary,
});
export type Timer = z.infer<typeof timer>;
export const noTimer = z.object({ status: z.literal('stopped') });

export const startTimerBody = z.object({
  task: taskId,
  /** The user's local date the time books to; defaults to today in the user's timezone. */
  userDate: dateString.optional(),
  comment: z.string().max(10000).optional(),
});
export type StartTimerBody = z.infer<typeof startTimerBody>;

const timeParams = z.object({ time_id: numericIdParam });
const userParams = z.object({ user_id: numericIdParam });
const taskParams = z.object({ task_id: prefixedIdParam });
const T = 'Time records';

export const timeRoutes = {
  add: defineRoute({
    method: 'post',
    path: '/time',
    tag: T,
    summary: 'Add time to the day record of (task, user, date), creating it if needed',
    body: addTimeBody,
    status: 201,
    response: timeRecord,
  }),
  get: defineRoute({
    method: 'get',
    path: '/time/{time_id}',
    tag: T,
    summary: 'Get a time record',
    params: timeParams,
    status: 200,
    response: timeRecord,
  }),
  update: defineRoute({
    method: 'put',
    path: '/time/{time_id}',
    tag: T,
    summary: 'Replace the given fields of a time record',
    params: timeParams,
    body: updateTimeBody,
    status: 200,
    response: timeRecord,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/time/{time_id}',
    tag: T,
    summary: 'Delete a time record',
    params: timeParams,
    status: 204,
  }),
  listUser: defineRoute({
    method: 'get',
    path: '/users/{user_id}/time',
    tag: T,
    summary: "A user's time records",
    params: userParams,
    query: timeListQuery,
    status: 200,
    response: z.array(timeRecordListItem),
  }),
  listTeam: defineRoute({
    method: 'get',
    path: '/team/time',
    tag: T,
    summary: "The team's time records",
    query: teamTimeQuery,
    status: 200,
    response: z.array(timeRecordListItem),
  }),
  listProject: defineRoute({
    method: 'get',
    path: '/projects/{project_id}/time',
    tag: T,
    summary: "A project's time records",
    params: projectParams,
    query: timeListQuery,
    status: 200,
    response: z.array(timeRecordListItem),
  }),
  listTask: defineRoute({
    method: 'get',
    path: '/tasks/{task_id}/time',
    tag: T,
    summary: "A task's time records",
    params: taskParams,
    query: timeListQuery,
    status: 200,
    response: z.array(timeRecordListItem),
  }),
  addToTask: defineRoute({
    method: 'post',
    path: '/tasks/{task_id}/time',
    tag: T,
    summary: "Add time to the task's record of (user, date), as POST /time does",
    params: taskParams,
    body: addTaskTimeBody,
    status: 201,
    response: timeRecord,
  }),
  setOnTask: defineRoute({
    method: 'put',
    path: '/tasks/{task_id}/time',
    tag: T,
    summary: "Replace the seconds of the task's record of (user, date), creating it when missing",
    params: taskParams,
    body: setTaskTimeBody,
    status: 200,
    response: timeRecord,
  }),
  removeFromTask: defineRoute({
    method: 'delete',
    path: '/tasks/{task_id}/time',
    tag: T,
    summary: "Delete the task's record of (user, date); date and user in the body or the query",
    params: taskParams,
    query: removeTaskTimeQuery,
    body: removeTaskTimeBody,
    status: 204,
  }),
  export: defineRoute({
    method: 'get',
    path: '/team/time/export',
    tag: T,
    summary: 'Summed time per combination of fields (deprecated)',
    query: timeExportQuery,
    status: 200,
    response: z.array(timeExportRow),
    produces: ['application/json', XLSX_TYPE],
    deprecated: true,
  }),
  estimateExport: defineRoute({
    method: 'get',
    path: '/team/estimate/export',
    tag: T,
    summary: 'Tasks with an estimate: the estimate, the project and the time recorded (deprecated)',
    query: estimateExportQuery,
    status: 200,
    response: z.array(estimateExportRow),
    deprecated: true,
  }),
};

const TT = 'Timers';
export const timerRoutes = {
  start: defineRoute({
    method: 'post',
    path: '/timers',
    tag: TT,
    summary: 'Start a timer (stops a running one first)',
    body: startTimerBody,
    status: 200,
    response: timer,
  }),
  current: defineRoute({
    method: 'get',
    path: '/timers/current',
    tag: TT,
    summary: 'The running timer, or status stopped',
    status: 200,
    response: z.union([timer, noTimer]),
  }),
  stop: defineRoute({
    method: 'delete',
    path: '/timers/current',
    tag: TT,
    summary: 'Stop the running timer and book its time',
    status: 200,
    response: timer,
  }),
  team: defineRoute({
    method: 'get',
    path: '/team/timers',
    tag: TT,
    summary: 'Running timers of the team (admins, supervisors); the caller\'s own for everyone else',
    status: 200,
    response: z.array(timer),
  }),
};
