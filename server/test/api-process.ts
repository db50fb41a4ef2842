import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');
const entry = path.join(repo, 'server/main.ts');
const STARTUP_MS = 60_000;

/** One API server in its own process (`node --import tsx server/main.ts`), as a deployment runs it. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** The last lines it wrote on stderr (its log), for a failure's message. */
  log(): string;
  /** Sends `signal` (SIGTERM: the graceful stop) and waits for the exit; SIGKILL after `forceMs`. */
  stop(signal?: NodeJS.Signals, forceMs?: number): Promise<number | null>;
}

/**
 * Starts the API on a free port of 127.0.0.1 with `env` (on top of this process's environment) and resolves once
 * it listens and `GET /ready` answers 200. The port is read from its "api listening" log line, so nothing races
 * for it; the log level is raised to `info` at least so that line is written.
 */
export async function spawnApi(env: Record<string, string>): Promise<ApiProcess> {
  const level = env.LOG_LEVEL && ['debug', 'info'].includes(env.LOG_LEVEL) ? env.LOG_LEVEL : 'info';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repo,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env, LOG_LEVEL: level },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not listen within ${STARTUP_MS / 1000} s`), STARTUP_MS);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`The API ${why}:\n${lines.join('\n')}`));
    };
    let partial = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (lines.length > 200) lines.shift();
        if (!line.includes('"api listening"')) continue;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    void exited.then((code) => fail(`exited with code ${code} before listening`));
  });
  await waitUntilReady(url);
  return {
    url,
    child,
    exited,
    log: () => lines.join('\n'),
    async stop(signal = 'SIGTERM', forceMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) {
        const force = setTimeout(() => child.kill('SIGKILL'), forceMs);
        child.kill(signal);
        const code = await exited;
        clearTimeout(force);
        return code;
      }
      return exited;
    },
  };
}

async function waitUntilReady(url: string) {
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    const res = await fetch(`${url}/ready`).catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url}/ready did not answer 200 within ${STARTUP_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
