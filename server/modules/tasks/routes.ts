import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';

export function registerTaskRoutes(_app: Hono<AppEnv>) {}
