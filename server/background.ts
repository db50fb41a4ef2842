import type { Deps } from './http/env.ts';
import { createWebhookWorker } from './modules/webhooks/worker.ts';
import { startAttachmentSweep } from './modules/attachments/sweep.ts';
import { sweepIdempotencyKeys } from './http/idempotency.ts';
import { startSweep } from './lib/periodic.ts';
import { createMailWorker } from './modules/notifications/mail.ts';
import { startReminders } from './modules/reminders/worker.ts';

export interface Background {
  stop(): Promise<void>;
}

/** Work the API process runs beside requests (webhook delivery, notification emails, reminders, sweeps). Each job stops with the process. */
export async function startBackground(deps: Deps): Promise<Background> {
  const jobs: Background[] = [];
  const webhooks = createWebhookWorker(deps);
  webhooks.start();
  jobs.push(webhooks);
  // Notification emails go out only with SMTP configured; without it none are queued.
  if (deps.config.smtpUrl) {
    const mail = createMailWorker(deps);
    mail.start();
    jobs.push(mail);
  }
  if (deps.config.remindersIntervalMs) jobs.push(startReminders(deps, deps.config.remindersIntervalMs));
  jobs.push(startAttachmentSweep(deps));
  jobs.push(startSweep('idempotency keys', deps.logger, 60 * 60 * 1000, () => sweepIdempotencyKeys(deps.db, deps.clock())));
  return { stop: async () => void (await Promise.all(jobs.map((j) => j.stop()))) };
}
