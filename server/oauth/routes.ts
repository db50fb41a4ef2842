import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Routes of this area (being built). */
export function registerOAuthRoutes(_app: Hono<AppEnv>) {}
