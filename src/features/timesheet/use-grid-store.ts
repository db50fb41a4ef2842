import { useCallback, useSyncExternalStore } from 'react';
import type { GridStore } from './grid-store.ts';

/** A value of the grid's store, read again when `topic` changes (a row's, a day's or the week's total, the rows). */
export function useStore<T>(store: GridStore, topic: string, read: () => T): T {
  return useSyncExternalStore(
    useCallback((fn) => store.subscribe(topic, fn), [store, topic]),
    read,
  );
}

/** Grid summary for the header: the week's total, live. */
export function useWeekTotal(store: GridStore) {
  return useStore(store, 'week', () => store.weekTotal());
}
