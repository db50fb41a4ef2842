import type { Deps } from '../../http/env.ts';
import { startSweep } from '../../lib/periodic.ts';
import { sweepAttachments } from './service.ts';
import { storageFor } from './storage.ts';

/** Runs the unreferenced-attachment sweep now and then every `intervalMs` (default hourly). */
export function startAttachmentSweep(deps: Deps, opts: { intervalMs?: number } = {}): { stop(): Promise<void> } {
  const storage = storageFor(deps.config);
  return startSweep('attachments', deps.logger, opts.intervalMs ?? 60 * 60 * 1000, () =>
    sweepAttachments(deps.db, storage, deps.clock(), deps.logger, deps.config.uploadQuotaBytes),
  );
}
