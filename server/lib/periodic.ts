import type { Logger } from './logger.ts';

/**
 * Runs `pass` now and then every `intervalMs` (the timer does not keep the process alive); a tick while a pass is
 * still running is skipped. `pass` handles its own failures. `stop()` waits for a pass in progress.
 */
export function repeat(intervalMs: number, pass: () => Promise<void>): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= pass().finally(() => (running = null));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Runs `job` now and then every `intervalMs`; logs how many rows it removed, and its failures without stopping. */
export function startSweep(name: string, logger: Logger, intervalMs: number, job: () => Promise<number>): { stop(): Promise<void> } {
  return repeat(intervalMs, () =>
    job()
      .then((n) => void (n > 0 && logger.info(`${name} swept`, { removed: n })))
      .catch((e: unknown) => logger.error(`${name} sweep failed`, { error: e instanceof Error ? e.message : String(e) })),
  );
}

/** A worker's pause between passes: `sleep(ms)` ends after `ms`, or at once when `wake()` is called. */
export function napper(): { sleep(ms: number): Promise<void>; wake(): void } {
  let end: (() => void) | undefined;
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const t = setTimeout(done, ms);
        function done() {
          clearTimeout(t);
          end = undefined;
          resolve();
        }
        end = done;
      }),
    wake: () => end?.(),
  };
}
