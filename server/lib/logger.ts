export type Level = 'debug' | 'info' | 'warn' | 'error';
export type Logger = Record<Level, (msg: string, fields?: Record<string, unknown>) => void>;

const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** One JSON line per entry on stderr. Callers never pass secrets or credentials. */
export function createLogger(level: Level | 'silent' = 'info'): Logger {
  const at = (l: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...fields })}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
