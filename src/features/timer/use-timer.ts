import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Task } from '../../../contract/tasks.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { toast } from '../../ui/toast.tsx';
import { currentTimerQueryOptions, startTimer, stopTimer, timerKeys } from './api.ts';

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

/**
 * The running timer and its actions. Starting or stopping refreshes the time records (`['time']`), so the
 * booked time appears in today's cell.
 */
export function useTimer() {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery(currentTimerQueryOptions(api));
  const afterChange = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: timerKeys.current }),
      queryClient.invalidateQueries({ queryKey: ['time'] }),
      queryClient.invalidateQueries({ queryKey: ['timesheets'] }),
    ]);
  };
  const start = useMutation({
    mutationFn: (task: Pick<Task, 'id' | 'name'>) => startTimer(api, task.id),
    onSuccess: (timer) => {
      queryClient.setQueryData(timerKeys.current, { timer, receivedAt: Date.now() });
      return afterChange();
    },
    onError: (e) => toast(`The timer did not start. ${describeError(e)}`, 'error'),
  });
  const stop = useMutation({
    mutationFn: () => stopTimer(api),
    onSuccess: () => {
      queryClient.setQueryData(timerKeys.current, { timer: { status: 'stopped' as const }, receivedAt: Date.now() });
      return afterChange();
    },
    onError: (e) => toast(`The timer did not stop. ${describeError(e)}`, 'error'),
  });
  const data = query.data;
  const running = data?.timer.status === 'active' ? data.timer : null;
  return { data, running, start, stop };
}
