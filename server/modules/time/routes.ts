import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';

/** Routes of this area (being built). */
export function registerTimeRoutes(_app: Hono<AppEnv>) {}
