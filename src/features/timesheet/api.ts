import { queryOptions } from '@tanstack/react-query';
import type { Client } from '../../../contract/clients.ts';
import type { Project } from '../../../contract/projects.ts';
import type { Task } from '../../../contract/tasks.ts';
import type { AddTimeBody, TimeRecord, TimeRecordListItem, UpdateTimeBody } from '../../../contract/time.ts';
import type { Timesheet } from '../../../contract/timesheets.ts';
import type { ApiClient, LazySchema } from '../../api/client.ts';

/*
 * The timesheet's requests. Only types come from the contract here: its zod schemas are loaded on demand,
 * and only in development, where the client checks every answer against them. This keeps zod out of the
 * first render of the home screen.
 */

const schema = {
  records: (() => import('../../../contract/time.ts').then((m) => m.timeRecordListItem.array())) as LazySchema<TimeRecordListItem[]>,
  record: (() => import('../../../contract/time.ts').then((m) => m.timeRecord)) as LazySchema<TimeRecord>,
  timesheets: (() => import('../../../contract/timesheets.ts').then((m) => m.timesheet.array())) as LazySchema<Timesheet[]>,
  projects: (() => import('../../../contract/projects.ts').then((m) => m.project.array())) as LazySchema<Project[]>,
  clients: (() => import('../../../contract/clients.ts').then((m) => m.client.array())) as LazySchema<Client[]>,
  tasks: (() => import('../../../contract/tasks.ts').then((m) => m.task.array())) as LazySchema<Task[]>,
};

export const timesheetKeys = {
  all: ['timesheet'] as const,
  records: (userId: number, from: string, to: string) => ['time', userId, { from, to }] as const,
  week: (userId: number, weekId: number) => ['timesheets', userId, weekId] as const,
  projects: ['projects'] as const,
  clients: ['clients'] as const,
  search: (query: string) => ['tasks', 'search', query] as const,
};

/** The user's time records of `from`…`to` (`GET /users/{id}/time`). */
export const weekRecordsQueryOptions = (api: ApiClient, userId: number, from: string, to: string) =>
  queryOptions({
    queryKey: timesheetKeys.records(userId, from, to),
    queryFn: ({ signal }) =>
      api.request({ method: 'get', path: `/users/${userId}/time`, query: { from, to }, response: schema.records, signal }),
    // Two tabs on the same week converge: every focus refetches.
    staleTime: 0,
  });

/** The week's timesheet: approval, daily totals, time without task (`GET /users/{id}/timesheets?weekId=`). */
export const weekTimesheetQueryOptions = (api: ApiClient, userId: number, weekId: number) =>
  queryOptions({
    queryKey: timesheetKeys.week(userId, weekId),
    queryFn: async ({ signal }) => {
      const list = await api.request({
        method: 'get',
        path: `/users/${userId}/timesheets`,
        query: { weekId: String(weekId).padStart(4, '0') },
        response: schema.timesheets,
        signal,
      });
      return list[0] ?? null;
    },
    staleTime: 0,
  });

/** Projects the user can see, for the project name under each task. */
export const projectsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: timesheetKeys.projects,
    queryFn: ({ signal }) => api.request({ method: 'get', path: '/projects', response: schema.projects, signal }),
    staleTime: 5 * 60_000,
  });

/** Client names (limited members may not read clients: they see projects without them). */
export const clientsQueryOptions = (api: ApiClient, allowed: boolean) =>
  queryOptions({
    queryKey: timesheetKeys.clients,
    queryFn: ({ signal }) => (allowed ? api.request({ method: 'get', path: '/clients', response: schema.clients, signal }) : Promise.resolve([])),
    staleTime: 5 * 60_000,
  });

/** Tasks across the user's projects whose name matches `query`. */
export const taskSearchQueryOptions = (api: ApiClient, query: string) =>
  queryOptions({
    queryKey: timesheetKeys.search(query),
    queryFn: ({ signal }) => api.request({ method: 'get', path: '/tasks/search', query: { query, limit: 30 }, response: schema.tasks, signal }),
    staleTime: 30_000,
  });

/** Adds time; `idempotencyKey` names the intended change, so a resend of it is applied once. */
export const addTime = (api: ApiClient, body: AddTimeBody, idempotencyKey: string) =>
  api.request({ method: 'post', path: '/time', body, headers: { 'Idempotency-Key': idempotencyKey }, response: schema.record });

export const updateTime = (api: ApiClient, id: number, body: UpdateTimeBody) =>
  api.request({ method: 'put', path: `/time/${id}`, body, response: schema.record });

export const deleteTime = (api: ApiClient, id: number) => api.request<undefined>({ method: 'delete', path: `/time/${id}`, response: null });
