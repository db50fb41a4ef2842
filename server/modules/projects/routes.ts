import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';

export function registerProjectRoutes(_app: Hono<AppEnv>) {}
