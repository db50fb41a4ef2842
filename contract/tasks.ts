import { z } from 'zod';
import { dateString, dateTimeString, idInput, numericId, numericIdParam, prefixedIdParam, projectId, queryBool, queryInt, queryLimit, seconds, taskId, userMap } from './common.ts';
import { projectParams, withoutNul } from './projects.ts';
import { defineRoute } from './route.ts';

export const section = z.object({
  id: numericId,
  name: z.string(),
  project: projectId,
  position: z.number().int(),
  status: z.enum(['open', 'archived']),
});
export type Section = z.infer<typeof section>;

const sectionFields = {
  name: z.string().trim().min(1, 'Required').max(200).refine(...withoutNul),
  position: z.number().int().min(0).max(1_000_000),
  status: z.enum(['open', 'archived']),
};
/** Create: `name` required; `position` defaults to the end, `status` to open. */
export const sectionBody = z.object(sectionFields).partial().required({ name: true });
/** Update: only the supplied fields change (no defaults here, or a rename would reopen an archived section). */
export const updateSectionBody = z.object(sectionFields).partial();

export const estimate = z.object({ total: seconds, type: z.enum(['overall', 'users']), users: userMap(seconds) });
/**
 * `overall`: `total` is the estimate (`users` optional). `users`: per-user seconds; `total` becomes their sum.
 */
export const estimateBody = z
  .object({ total: seconds.optional(), type: z.enum(['overall', 'users']).default('overall'), users: userMap(seconds).default({}) })
  .refine((e) => e.type === 'users' || e.total !== undefined, { message: 'Required for an overall estimate', path: ['total'] })
  .refine((e) => e.type === 'overall' || Object.keys(e.users).length > 0, { message: 'A per-user estimate needs users', path: ['users'] });

export const task = z.object({
  id: taskId,
  name: z.string(),
  type: z.literal('task'),
  projects: z.array(projectId),
  section: numericId.nullable(),
  labels: z.array(z.string()),
  position: z.number().int(),
  description: z.string(),
  dueAt: dateTimeString.nullable(),
  status: z.enum(['open', 'closed']),
  time: z.object({ total: seconds, users: userMap(seconds) }),
  estimate: estimate.nullable(),
  attributes: z.record(z.string(), z.string()),
  metrics: z.record(z.string(), z.number()),
  unbillable: z.boolean(),
  /** Custom field values by field id (custom fields issue). */
  fields: z.record(z.string(), z.unknown()).optional(),
  createdAt: dateTimeString,
});
export type Task = z.infer<typeof task>;

const taskFields = {
  name: z.string().trim().min(1, 'Required').max(500).refine(...withoutNul),
  section: idInput.nullable(),
  labels: z.array(z.string().max(100).refine(...withoutNul)).max(50),
  position: z.number().int().min(0).max(1_000_000),
  description: z.string().max(20000).refine(...withoutNul),
  dueOn: dateString.nullable(),
  status: z.enum(['open', 'closed']),
  unbillable: z.boolean(),
  attributes: z.record(z.string().max(100).refine(...withoutNul), z.string().max(1000).refine(...withoutNul)),
  metrics: z.record(z.string().max(100).refine(...withoutNul), z.number()),
};
export const createTaskBody = z.object(taskFields).partial().required({ name: true });
export const updateTaskBody = z.object(taskFields).partial();

/**
 * Search: `query` is matched case-insensitively, every word anywhere in the name; names starting with it
 * rank first, then names with a word starting with it. `query` may be left out only with `unscheduled=true`.
 */
export const taskSearchQuery = z.object({
  query: z.string().max(200).refine(...withoutNul).optional(),
  limit: queryInt(1, 100).optional(),
  searchInClosed: queryBool.optional(),
  unscheduled: queryBool.optional(),
});
export const projectTasksQuery = z.object({
  query: z.string().max(200).refine(...withoutNul).optional(),
  limit: queryLimit(250).optional(),
  page: queryInt(1, 100).optional(),
  'exclude-closed': queryBool.optional(),
});

/** Every live section of the project exactly once, in the new order. */
export const sectionsOrderBody = z.object({ order: z.array(idInput).max(1000) });
/**
 * The tasks of one section (`null`: tasks outside any section) in their new order. Every listed task moves
 * into that section; every live task already in it must be listed.
 */
export const tasksOrderBody = z.object({ section: idInput.nullable(), order: z.array(taskId).max(5000) });

const taskParams = z.object({ task_id: prefixedIdParam });
const sectionParams = z.object({ section_id: numericIdParam });

export const sectionRoutes = {
  list: defineRoute({ method: 'get', path: '/projects/{project_id}/sections', tag: 'Sections', summary: 'Sections of a project', params: projectParams, status: 200, response: z.array(section) }),
  create: defineRoute({ method: 'post', path: '/projects/{project_id}/sections', tag: 'Sections', summary: 'Create a section', params: projectParams, body: sectionBody, status: 201, response: section }),
  get: defineRoute({ method: 'get', path: '/sections/{section_id}', tag: 'Sections', summary: 'Get a section', params: sectionParams, status: 200, response: section }),
  update: defineRoute({ method: 'put', path: '/sections/{section_id}', tag: 'Sections', summary: 'Update a section', params: sectionParams, body: updateSectionBody, status: 200, response: section }),
  order: defineRoute({ method: 'put', path: '/projects/{project_id}/sections-order', tag: 'Sections', summary: 'Reorder the sections of a project', params: projectParams, body: sectionsOrderBody, status: 200, response: z.array(section) }),
  remove: defineRoute({ method: 'delete', path: '/sections/{section_id}', tag: 'Sections', summary: 'Delete a section (recoverable)', params: sectionParams, status: 204 }),
  recover: defineRoute({ method: 'post', path: '/sections/{section_id}/recover', tag: 'Sections', summary: 'Restore a deleted section', params: sectionParams, status: 200, response: section }),
};

export const taskRoutes = {
  listInProject: defineRoute({ method: 'get', path: '/projects/{project_id}/tasks', tag: 'Tasks', summary: 'Tasks of a project', params: projectParams, query: projectTasksQuery, status: 200, response: z.array(task) }),
  create: defineRoute({ method: 'post', path: '/projects/{project_id}/tasks', tag: 'Tasks', summary: 'Create a task', params: projectParams, body: createTaskBody, status: 201, response: task }),
  searchInProject: defineRoute({ method: 'get', path: '/projects/{project_id}/tasks/search', tag: 'Tasks', summary: 'Search tasks of a project', params: projectParams, query: taskSearchQuery, status: 200, response: z.array(task) }),
  search: defineRoute({ method: 'get', path: '/tasks/search', tag: 'Tasks', summary: 'Search tasks across visible projects', query: taskSearchQuery, status: 200, response: z.array(task) }),
  get: defineRoute({ method: 'get', path: '/tasks/{task_id}', tag: 'Tasks', summary: 'Get a task', params: taskParams, status: 200, response: task }),
  update: defineRoute({ method: 'put', path: '/tasks/{task_id}', tag: 'Tasks', summary: 'Update a task', params: taskParams, body: updateTaskBody, status: 200, response: task }),
  remove: defineRoute({ method: 'delete', path: '/tasks/{task_id}', tag: 'Tasks', summary: 'Delete a task (recoverable)', params: taskParams, status: 204 }),
  recover: defineRoute({ method: 'post', path: '/tasks/{task_id}/recover', tag: 'Tasks', summary: 'Restore a deleted task', params: taskParams, status: 200, response: task }),
  order: defineRoute({ method: 'put', path: '/projects/{project_id}/tasks-order', tag: 'Tasks', summary: 'Move tasks into a section in a given order', params: projectParams, body: tasksOrderBody, status: 200, response: z.array(taskId) }),
  setEstimate: defineRoute({ method: 'put', path: '/tasks/{task_id}/estimate', tag: 'Tasks', summary: 'Set the estimate', params: taskParams, body: estimateBody, status: 200, response: task }),
  removeEstimate: defineRoute({ method: 'delete', path: '/tasks/{task_id}/estimate', tag: 'Tasks', summary: 'Remove the estimate', params: taskParams, status: 200, response: task }),
};
