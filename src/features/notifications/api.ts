import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import * as notifications from '../../api/operations/notifications.ts';

/** Query keys of notifications: only the bell and the Profile read them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** How often the bell asks for new notifications (and on window focus). */
export const POLL_MS = 30_000;

/** The unread count (one item asked for): the bell polls it. */
export const unreadQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api.call(notifications.list, { query: { unread: 'true', limit: '1' }, signal }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** The latest notifications, for the open list. */
export const listQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => api.call(notifications.list, { query: { limit: '50' }, signal }),
    staleTime: 0,
  });

export const preferencesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api.call(notifications.preferences, { signal }),
  });
