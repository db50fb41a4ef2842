import { AsyncLocalStorage } from 'node:async_hooks';

export type Level = 'debug' | 'info' | 'warn' | 'error';
export type Logger = Record<Level, (msg: string, fields?: Record<string, unknown>) => void>;

const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** The request being served (set by the app's first middleware): every log line written while serving it carries its id. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** One JSON line per entry on stderr, with the request id when written while serving a request. Callers never pass secrets or credentials. */
export function createLogger(level: Level | 'silent' = 'info'): Logger {
  const at = (l: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    const requestId = requestContext.getStore()?.requestId;
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...(requestId ? { requestId } : {}), ...fields })}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
