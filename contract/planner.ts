import { z } from 'zod';
import { MAX_ID, dateString, dateTimeString, idInput, numericId, prefixedIdParam, projectId, queryInt, taskId } from './common.ts';
import { defineRoute } from './route.ts';
import { createTimeOffFields, endMessage, endNotBeforeStart, idParams, timeOffAssignment, timeOffFields, timeOffState } from './timeoff.ts';
import { timeAmount } from './time.ts';

/**
 * The schedule (resource planner): project assignments, a user planned on a project for some time on each
 * workday (Monday to Friday) of a date range, and time off. One id space for both kinds.
 */

export const projectAssignment = z.object({
  id: numericId,
  type: z.literal('project'),
  user: numericId,
  project: projectId,
  task: taskId.nullable(),
  startDate: dateString,
  endDate: dateString,
  /** Seconds planned on each workday of the range. */
  time: z.number().int(),
  /** Workdays (Monday to Friday) in the range. */
  days: z.number().int(),
  note: z.string(),
  createdBy: numericId,
  createdAt: dateTimeString,
});
export type ProjectAssignment = z.infer<typeof projectAssignment>;

/** Any assignment of the schedule. */
export const assignment = z.discriminatedUnion('type', [projectAssignment, timeOffAssignment]);
export type Assignment = z.infer<typeof assignment>;

const perDay = timeAmount.min(1, 'Must be at least 1 second');

const projectFields = {
  user: idInput,
  project: projectId,
  task: taskId.nullable(),
  startDate: dateString,
  endDate: dateString,
  time: perDay,
  note: z.string().max(5000),
  /** Plan it even where it takes the person over capacity. */
  forceOverride: z.boolean(),
};

export const createProjectAssignmentFields = z.object({
  ...projectFields,
  type: z.literal('project'),
  /** Defaults to the caller. */
  user: projectFields.user.optional(),
  task: projectFields.task.optional(),
  note: projectFields.note.default(''),
  forceOverride: z.boolean().default(false),
});
export type CreateProjectAssignmentBody = z.infer<typeof createProjectAssignmentFields>;

/** POST /resource-planner/assignments: `type` says which kind; time off takes the body of POST …/time-off. */
export const createAssignmentBody = z
  .discriminatedUnion('type', [createProjectAssignmentFields, createTimeOffFields.extend({ type: z.literal('time-off') })])
  .refine(endNotBeforeStart, endMessage);

/** PUT /resource-planner/assignments/{id}: the fields of the assignment's kind; a field of the other kind is refused. */
export const updateAssignmentBody = z
  .object({ ...timeOffFields, ...projectFields, type: z.enum(['project', 'time-off']) })
  .partial()
  .refine(endNotBeforeStart, endMessage);
export type UpdateAssignmentBody = z.infer<typeof updateAssignmentBody>;
/** Fields only a project assignment has. */
export const projectOnlyFields = ['project', 'task', 'time'] as const;
/** Fields only time off has. */
export const timeOffOnlyFields = ['timeOffType', 'timeOffPeriod', 'status', 'sendNotification', 'reviewer', 'considerAllocations', 'attachments'] as const;

export const assignmentsQuery = z
  .object({
    /** `assignment` is another name for `project`. */
    type: z.enum(['time-off', 'project', 'assignment']).optional(),
    project: prefixedIdParam.optional(),
    task: prefixedIdParam.optional(),
    client: queryInt(1, MAX_ID).optional(),
    user: queryInt(1, MAX_ID).optional(),
    /** Time off only. */
    status: timeOffState.optional(),
    from: dateString.optional(),
    to: dateString.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Must not be before from', path: ['to'] });
export type AssignmentsQuery = z.infer<typeof assignmentsQuery>;

const A = 'Schedule';
export const plannerRoutes = {
  create: defineRoute({
    method: 'post',
    path: '/resource-planner/assignments',
    tag: A,
    summary: 'Plan a person on a project (type project) or request time off (type time-off)',
    body: createAssignmentBody,
    status: 201,
    response: assignment,
  }),
  list: defineRoute({
    method: 'get',
    path: '/resource-planner/assignments',
    tag: A,
    summary: 'Assignments of the schedule, both kinds, by start date',
    query: assignmentsQuery,
    status: 200,
    response: z.array(assignment),
  }),
  update: defineRoute({
    method: 'put',
    path: '/resource-planner/assignments/{id}',
    tag: A,
    summary: 'Change an assignment (approve or edit time off, re-plan a project assignment)',
    params: idParams,
    body: updateAssignmentBody,
    status: 200,
    response: assignment,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/resource-planner/assignments/{id}',
    tag: A,
    summary: 'Delete an assignment',
    params: idParams,
    status: 204,
  }),
};
