import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { coreKeys as keys } from '../../api/core-keys.ts';
import type { AnswerOf } from '../../api/operation.ts';
import * as timers from '../../api/operations/timers.ts';

export type CurrentTimer = AnswerOf<typeof timers.current>;

/** The running timer (`GET /timers/current`); refetched on focus so a timer started elsewhere shows up. */
export const currentTimerQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.timers.current,
    queryFn: async ({ signal }) => {
      const timer = await api.call(timers.current, { signal });
      return { timer, receivedAt: Date.now() };
    },
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

export const startTimer = (api: ApiClient, task: string, userDate?: string) => api.call(timers.start, { body: userDate ? { task, userDate } : { task } });

export const stopTimer = (api: ApiClient) => api.call(timers.stop);

/** Seconds the timer has run at `now`, from the server's figure and when it was received. */
export function elapsedOf(data: { timer: CurrentTimer; receivedAt: number } | undefined, now: number): number {
  if (!data || data.timer.status !== 'active') return 0;
  return data.timer.duration + Math.max(0, Math.floor((now - data.receivedAt) / 1000));
}
