import type { Hono } from 'hono';
import { timeOffRoutes } from '../../../contract/timeoff.ts';
import type { AppEnv } from '../../http/env.ts';
import { register } from '../../http/route.ts';
import { registerBalanceRoutes } from './balances.ts';
import { presentTimeOff } from './present.ts';
import { registerReviewRoutes } from './review.ts';
import { createTimeOff } from './service.ts';
import { notifierFor } from '../notifications/emit.ts';

/** Time off (POST …/assignments/time-off), its types and allocations; the schedule's shared routes compose the service. */
export function registerTimeOffRoutes(app: Hono<AppEnv>) {
  register(app, timeOffRoutes.create, async (c, { body }, caller) => {
    const scope = c.get('scope');
    const row = await createTimeOff(scope, caller, body, c.get('deps').clock(), notifierFor(c.get('deps')));
    return (await presentTimeOff(scope, [row]))[0]!;
  });
  registerBalanceRoutes(app);
  registerReviewRoutes(app);
}
