import { queryOptions } from '@tanstack/react-query';
import type { Timer } from '../../../contract/time.ts';
import type { ApiClient, LazySchema } from '../../api/client.ts';

export type CurrentTimer = Timer | { status: 'stopped' };

const schemas = {
  current: (() => import('../../../contract/time.ts').then((m) => m.timerRoutes.current.response)) as LazySchema<CurrentTimer>,
  timer: (() => import('../../../contract/time.ts').then((m) => m.timer)) as LazySchema<Timer>,
};

export const timerKeys = { current: ['timers', 'current'] as const };

/** The running timer (`GET /timers/current`); refetched on focus so a timer started elsewhere shows up. */
export const currentTimerQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: timerKeys.current,
    queryFn: async ({ signal }) => {
      const timer = await api.request({ method: 'get', path: '/timers/current', response: schemas.current, signal });
      return { timer, receivedAt: Date.now() };
    },
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });

export const startTimer = (api: ApiClient, task: string, userDate?: string) =>
  api.request({ method: 'post', path: '/timers', body: userDate ? { task, userDate } : { task }, response: schemas.timer });

export const stopTimer = (api: ApiClient) => api.request({ method: 'delete', path: '/timers/current', response: schemas.timer });

/** Seconds the timer has run at `now`, from the server's figure and when it was received. */
export function elapsedOf(data: { timer: CurrentTimer; receivedAt: number } | undefined, now: number): number {
  if (!data || data.timer.status !== 'active') return 0;
  return data.timer.duration + Math.max(0, Math.floor((now - data.receivedAt) / 1000));
}
