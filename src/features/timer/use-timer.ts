import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Task } from '../../../contract/tasks.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { toast } from '../../ui/toast.tsx';
import { coreKeys as keys } from '../../api/core-keys.ts';
import { currentTimerQueryOptions, startTimer, stopTimer, type CurrentTimer } from './api.ts';

/** The time now, advancing every `ms` while `active`. */
export function useNow(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [active, ms]);
  return now;
}

/** An action with a pending flag; its result lands in the query cache, its failure in a toast. */
function useAction<A extends unknown[]>(run: (...args: A) => Promise<unknown>, failure: string) {
  const [isPending, setPending] = useState(false);
  const mutate = (...args: A) => {
    setPending(true);
    run(...args)
      .catch((e: unknown) => toast(`${failure} ${describeError(e)}`, 'error'))
      .finally(() => setPending(false));
  };
  return { mutate, isPending };
}

/**
 * The running timer and its actions. Starting or stopping refreshes the time records (`['time']`), so the
 * booked time appears in today's cell.
 */
export function useTimer() {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery(currentTimerQueryOptions(api));
  const settle = (timer: CurrentTimer) => {
    queryClient.setQueryData(keys.timers.current, { timer, receivedAt: Date.now() });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.timers.current }),
      queryClient.invalidateQueries({ queryKey: keys.time.all }),
      queryClient.invalidateQueries({ queryKey: keys.timesheets.all }),
    ]);
  };
  const start = useAction((task: Pick<Task, 'id' | 'name'>) => startTimer(api, task.id).then(settle), 'The timer did not start.');
  const stop = useAction(() => stopTimer(api).then(() => settle({ status: 'stopped' })), 'The timer did not stop.');
  const data = query.data;
  const running = data?.timer.status === 'active' ? data.timer : null;
  return { data, running, start, stop };
}
