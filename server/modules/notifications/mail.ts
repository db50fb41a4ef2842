import crypto from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox, type MailAttachment } from '../../db/schema/index.ts';
import type { Deps } from '../../http/env.ts';
import { MAILS_FAILED, MAILS_SENT } from '../../ops/metrics.ts';
import { onMailQueued } from './emit.ts';
import { napper } from '../../lib/periodic.ts';

type OutboxRow = typeof mailOutbox.$inferSelect;

/** One mail as it goes out. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The same for every attempt of one notification, so a receiving server can drop a repeat. */
  messageId: string;
  attachments: MailAttachment[];
}

/** Sends one mail; throws when the server refuses it or cannot be reached. */
export type MailSender = (mail: OutgoingMail) => Promise<void>;

/** A sender through the SMTP server of `SMTP_URL` (`smtp://` with STARTTLS when offered, `smtps://` for TLS from the start). */
export function smtpSender(smtpUrl: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return async (m) => {
    await transport.sendMail({
      from: m.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      headers: m.headers,
      messageId: m.messageId,
      attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
    });
  };
}

export interface MailWorkerOptions {
  clock: () => Date;
  /** Rows claimed per pass. */
  batch: number;
  /** How long a claim holds before another instance may take the row (longer than the slowest send). */
  leaseMs: number;
  /** Attempts before a mail is given up (failed_at set). */
  maxAttempts: number;
  /** First retry delay; doubles per attempt (with jitter), capped at `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  random: () => number;
  send: MailSender;
}

export interface MailWorker {
  /** Claims due mail (FOR UPDATE SKIP LOCKED, leased) without sending it. */
  claim(): Promise<{ leaseId: string; rows: OutboxRow[] }>;
  /** Sends what a claim took and records each outcome under the same lease. */
  deliver(claim: { leaseId: string; rows: OutboxRow[] }): Promise<number>;
  /** One pass: claim and deliver. Answers the number of mails tried. */
  tick(): Promise<number>;
  /** Passes until one finds nothing due. */
  drain(maxTicks?: number): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'timekeep.localhost';

export function createMailWorker(
  deps: Pick<Deps, 'db' | 'config' | 'logger' | 'clock' | 'ops'>,
  overrides: Partial<MailWorkerOptions> = {},
): MailWorker {
  const smtpUrl = deps.config.smtpUrl;
  const opts: MailWorkerOptions = {
    clock: deps.clock,
    batch: 20,
    leaseMs: 120_000,
    maxAttempts: 8,
    retryBaseMs: 30_000,
    retryMaxMs: 3_600_000,
    pollMs: 1_000,
    random: Math.random,
    send: smtpUrl
      ? smtpSender(smtpUrl)
      : async () => {
          throw new Error('SMTP is not configured');
        },
    ...overrides,
  };
  const db: Db = deps.db;
  const from = deps.config.mailFrom ?? 'Timekeep <timekeep@localhost>';
  const domain = domainOf(from);

  async function claim() {
    const now = opts.clock();
    const leaseId = crypto.randomUUID();
    const rows = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
        .limit(opts.batch)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ leaseId, nextAttemptAt: new Date(now.getTime() + opts.leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(
          inArray(
            mailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
    return { leaseId, rows };
  }

  const retryDelay = (attempts: number) => {
    const exp = opts.retryBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30);
    return Math.round(Math.min(exp, opts.retryMaxMs) * (0.8 + 0.4 * opts.random()));
  };

  async function deliver(c: { leaseId: string; rows: OutboxRow[] }) {
    let tried = 0;
    for (const row of c.rows) {
      if (stopping) {
        // Back to the queue, due now: another pass (or instance) takes it.
        await db
          .update(mailOutbox)
          .set({ leaseId: null, nextAttemptAt: opts.clock(), attempts: sql`${mailOutbox.attempts} - 1` })
          .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.leaseId, c.leaseId)));
        continue;
      }
      tried++;
      try {
        await opts.send({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          headers: row.headers,
          attachments: row.attachments,
          messageId: `<notification-${row.notificationId}@${domain}>`,
        });
        // Sent: recorded once, only under the claim that sent it.
        await db
          .update(mailOutbox)
          .set({ sentAt: opts.clock(), leaseId: null, lastError: null })
          .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.leaseId, c.leaseId), isNull(mailOutbox.sentAt)));
        deps.ops?.metrics.inc(MAILS_SENT, 'Notification emails sent.');
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        deps.ops?.metrics.inc(MAILS_FAILED, 'Notification email attempts that failed (the server refused or could not be reached).');
        deps.logger.warn('notification email failed', { outboxId: row.id, attempt: row.attempts, error });
        const now = opts.clock();
        const giveUp = row.attempts >= opts.maxAttempts;
        await db
          .update(mailOutbox)
          .set({
            leaseId: null,
            lastError: error.slice(0, 500),
            ...(giveUp ? { failedAt: now } : { nextAttemptAt: new Date(now.getTime() + retryDelay(row.attempts)) }),
          })
          .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.leaseId, c.leaseId)));
      }
    }
    return tried;
  }

  async function tick() {
    return deliver(await claim());
  }

  let stopping = false;
  let loop: Promise<void> | undefined;
  const nap = napper();
  let unlisten: (() => void) | undefined;

  async function runLoop() {
    while (!stopping) {
      let busy = false;
      try {
        busy = (await tick()) > 0;
      } catch (e) {
        deps.logger.error('mail worker pass failed', { error: e instanceof Error ? e.message : String(e) });
      }
      if (busy) continue;
      await nap.sleep(opts.pollMs);
    }
  }

  return {
    claim,
    deliver,
    tick,
    async drain(maxTicks = 100) {
      let total = 0;
      for (let i = 0; i < maxTicks; i++) {
        const n = await tick();
        total += n;
        if (n === 0) return total;
      }
      throw new Error(`Mail worker still busy after ${maxTicks} passes`);
    },
    start() {
      if (loop) return;
      stopping = false;
      unlisten = onMailQueued(() => nap.wake());
      loop = runLoop();
    },
    async stop() {
      stopping = true;
      unlisten?.();
      nap.wake();
      await loop;
      loop = undefined;
    },
  };
}
