import type { Hono } from 'hono';
import { timerRoutes } from '../../../contract/time.ts';
import type { AppEnv } from '../../http/env.ts';
import { ownUnlessManager } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { currentTimer, startTimer, stopTimer, teamTimers } from './service.ts';

export function registerTimerRoutes(app: Hono<AppEnv>) {
  register(app, timerRoutes.start, async (c, { body }, caller) => startTimer(c.get('scope'), caller, body, c.get('deps').clock()));
  register(app, timerRoutes.current, async (c, _input, caller) => currentTimer(c.get('scope'), caller, c.get('deps').clock()));
  register(app, timerRoutes.stop, async (c, _input, caller) => stopTimer(c.get('scope'), caller, c.get('deps').clock()));
  // As GET /team/time: members see their own running timer, admins and supervisors everyone's.
  register(app, timerRoutes.team, async (c, _input, caller) =>
    teamTimers(c.get('scope'), caller, c.get('deps').clock(), ownUnlessManager(caller)),
  );
}
