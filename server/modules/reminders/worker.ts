import type { Deps } from '../../http/env.ts';
import { repeat } from '../../lib/periodic.ts';
import { runDigests } from './digest.ts';
import { runReminders } from './run.ts';
import { runReportMails } from '../reports/mail.ts';

/**
 * Sends the reminders due every `intervalMs` (the first pass at once), on the deps' clock; a failed pass is
 * logged and the next one tries again. Several instances may run it at once: each reminder is sent once
 * (see runReminders).
 */
export function startReminders(deps: Deps, intervalMs: number): { stop(): Promise<void> } {
  return repeat(intervalMs, () =>
    runReminders(deps, deps.clock())
      .then(async (reminders) => ({
        ...reminders,
        'digest.waiting': await runDigests(deps, deps.clock()),
        'report.scheduled': await runReportMails(deps, deps.clock(), (message, fields) => deps.logger.error(message, fields)),
      }))
      .then((counts) => {
        if (Object.values(counts).some((n) => n > 0)) deps.logger.info('reminders sent', counts);
      })
      .catch((e: unknown) => deps.logger.error('reminders failed', { error: e instanceof Error ? e.message : String(e) })),
  );
}
