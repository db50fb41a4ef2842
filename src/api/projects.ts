import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { coreKeys as keys } from './core-keys.ts';
import * as projects from './operations/projects.ts';

/**
 * The projects the user can see (`GET /projects`), under one key for every screen that names or offers
 * them: the timesheet's project under each task, the expenses' project filter and field.
 */
export const projectsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.projects.all,
    queryFn: ({ signal }) => api.call(projects.list, { signal }),
    staleTime: 5 * 60_000,
  });
