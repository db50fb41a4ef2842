import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { fieldsQueryOptions, peopleQueryOptions, projectQueryOptions, sectionsQueryOptions, tasksQueryOptions } from './api.ts';

/*
 * What each tab of a project draws from, asked for at once. The routes' loaders are chunks of their own that
 * import only this (not the pages), so the data is on its way while the page's code downloads.
 */

/** A project id as the API writes it (`ev:12`), or null. */
export const projectIdParam = (param: string) => (/^ev:\d{1,15}$/.test(param) ? param : null);

/** The fields tab draws from the user, the project, its fields and its tasks. */
export const loadFieldsTab = (queryClient: QueryClient, api: ApiClient, projectId: string) =>
  Promise.all([
    queryClient.ensureQueryData(currentUserQueryOptions(api)),
    queryClient.ensureQueryData(projectQueryOptions(api, projectId)),
    queryClient.ensureQueryData(fieldsQueryOptions(api, projectId)),
    queryClient.ensureQueryData(tasksQueryOptions(api, projectId)),
  ]);

/** The tasks tab draws from the same, with the sections and the team's people. */
export const loadTasksTab = (queryClient: QueryClient, api: ApiClient, projectId: string) =>
  Promise.all([
    loadFieldsTab(queryClient, api, projectId),
    queryClient.ensureQueryData(sectionsQueryOptions(api, projectId)),
    queryClient.ensureQueryData(peopleQueryOptions(api)),
  ]);
