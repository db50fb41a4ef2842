import type { Deps } from '../../http/env.ts';
import { sweepAttachments } from './service.ts';
import { storageFor } from './storage.ts';

/** Runs the unreferenced-attachment sweep now and then every `intervalMs` (default hourly). */
export function startAttachmentSweep(deps: Deps, opts: { intervalMs?: number } = {}): { stop(): Promise<void> } {
  const storage = storageFor(deps.config);
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sweepAttachments(deps.db, storage, deps.clock(), deps.logger, deps.config.uploadQuotaBytes)
      .then((n) => n > 0 && deps.logger.info('attachments swept', { removed: n }))
      .catch((e: unknown) => deps.logger.error('attachment sweep failed', { error: e instanceof Error ? e.message : String(e) }));
  };
  const timer = setInterval(run, opts.intervalMs ?? 60 * 60 * 1000);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
