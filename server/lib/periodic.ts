import type { Logger } from './logger.ts';

/**
 * Runs `job` now and then every `intervalMs` (the timer does not keep the process alive); logs how many
 * rows it removed, and its failures without stopping. `stop()` waits for a run in progress.
 */
export function startSweep(name: string, logger: Logger, intervalMs: number, job: () => Promise<number>): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = job()
      .then((n) => n > 0 && logger.info(`${name} swept`, { removed: n }))
      .catch((e: unknown) => logger.error(`${name} sweep failed`, { error: e instanceof Error ? e.message : String(e) }));
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
