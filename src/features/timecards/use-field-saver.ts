import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Timecard } from '../../../contract/timecards.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import { FieldSaver, type CardField } from './field-saver.ts';

const SAVED_SHOWN_MS = 2500;

/** The user's field saver for as long as the screen is open, the unsaved changes, and the fields saved a moment ago. */
export function useFieldSaver(userId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [justSaved, setJustSaved] = useState<ReadonlySet<string>>(new Set());
  const [saver] = useState(
    () =>
      new FieldSaver(api, userId, (card: Timecard, field: CardField) => {
        // Put the server's card in every cached range holding its day, then refresh them.
        queryClient.setQueriesData<Timecard[]>({ queryKey: keys.timecards.ofUser(userId) }, (list) =>
          list ? [...list.filter((c) => c.date !== card.date), card].sort((a, b) => a.date.localeCompare(b.date)) : list,
        );
        void queryClient.invalidateQueries({ queryKey: keys.timecards.ofUser(userId) });
        const key = `${card.date}|${field}`;
        setJustSaved((prev) => new Set(prev).add(key));
        setTimeout(() => setJustSaved((prev) => new Set([...prev].filter((k) => k !== key))), SAVED_SHOWN_MS);
      }),
  );
  useEffect(() => {
    saver.start();
    return () => saver.stop();
  }, [saver]);
  const pending = useSyncExternalStore(saver.subscribe, saver.pending, saver.pending);
  return { saver, pending, justSaved };
}
