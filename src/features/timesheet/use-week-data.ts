import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { projectsQueryOptions } from '../../api/projects.ts';
import { clientsQueryOptions, weekRecordsQueryOptions, weekTimesheetQueryOptions } from './api.ts';
import { namesOf, type TaskLite } from './model.ts';
import { Saver } from './saver.ts';

const savers = new Map<string, Saver>();

/**
 * One saver per user and API for the whole visit: unsaved work follows the user across weeks. An admin
 * editing a member's week (`editorId` is the admin) gets a saver of its own for that member.
 */
export function getSaver(api: ApiClient, userId: number, editorId: number = userId): Saver {
  const key = `${editorId}:${userId}`;
  let saver = savers.get(key);
  if (!saver) {
    saver = new Saver(api, userId, undefined, undefined, editorId);
    savers.set(key, saver);
    saver.start();
  }
  return saver;
}

export function useSaverPending(saver: Saver) {
  return useSyncExternalStore(
    (fn) => saver.subscribe(fn),
    () => saver.pending(),
  );
}

/** The week's records, timesheet and the names of projects and clients. */
export function useWeekData(api: ApiClient, userId: number, weekId: number, from: string, to: string, canReadClients: boolean) {
  const records = useSuspenseQuery(weekRecordsQueryOptions(api, userId, from, to));
  const timesheet = useSuspenseQuery(weekTimesheetQueryOptions(api, userId, weekId));
  const projects = useQuery(projectsQueryOptions(api));
  const clients = useQuery(clientsQueryOptions(api, canReadClients));
  const names = useMemo(() => namesOf(projects.data, clients.data), [projects.data, clients.data]);
  return { records: records.data, timesheet: timesheet.data, names };
}

/** Keeps the cached week in step with a save, so a later refresh of the grid never shows an older value. */
export function useSavedIntoCache(api: ApiClient, saver: Saver, userId: number, from: string, to: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      saver.onSaved((saved, m) => m.intoWeekCache(queryClient, weekRecordsQueryOptions(api, userId, from, to).queryKey, from, to, saved)),
    [api, saver, userId, from, to, queryClient],
  );
}

const rowsKey = (userId: number, weekId: number) => `timekeep.rows.${userId}.${weekId}`;

/** Rows the user added to a week (kept while empty, across reloads). */
export function useExtraRows(userId: number, weekId: number) {
  const [rows, setRows] = useState<TaskLite[]>(() => readRows(userId, weekId));
  const [loadedFor, setLoadedFor] = useState(weekId);
  if (loadedFor !== weekId) {
    setLoadedFor(weekId);
    setRows(readRows(userId, weekId));
  }
  const update = (next: TaskLite[]) => {
    setRows(next);
    try {
      if (next.length) localStorage.setItem(rowsKey(userId, weekId), JSON.stringify(next));
      else localStorage.removeItem(rowsKey(userId, weekId));
    } catch {
      // Without storage the rows stay for this visit.
    }
  };
  return [rows, update] as const;
}

function readRows(userId: number, weekId: number): TaskLite[] {
  try {
    const list = JSON.parse(localStorage.getItem(rowsKey(userId, weekId)) ?? '[]') as TaskLite[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}
