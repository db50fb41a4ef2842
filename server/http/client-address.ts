import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/** The caller's network address (the socket peer), or `unknown` when not served over a socket. */
export function clientAddress(c: Context<AppEnv>): string {
  // Without the Node request (in-process calls) there is no socket: answer at once rather than through a throw.
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return 'unknown';
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
