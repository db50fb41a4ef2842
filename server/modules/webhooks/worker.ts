import { lt } from 'drizzle-orm';
import type { WebhookSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema/index.ts';
import type { Deps } from '../../http/env.ts';
import { toDateTime } from '../../lib/time.ts';
import { postJson } from './net.ts';
import { onOutboxWrite } from './outbox.ts';
import { signBody, targetPolicy, userAgent } from './service.ts';
import { dispatchEvents } from './fan-out.ts';
import { DELIVERY_ATTEMPTS, DELIVERY_FAILURES } from '../../ops/metrics.ts';
import { claimRuns, recordRun, releaseRun, type Outcome, type Run } from './runs.ts';
import { napper } from '../../lib/periodic.ts';
import { notifierFor } from '../notifications/emit.ts';

export { retryDelayMs } from './runs.ts';

type EventRow = typeof webhookEvents.$inferSelect;

export interface WorkerOptions {
  /** Time source (tests drive it); defaults to `deps.clock`. */
  clock: () => Date;
  settings: WebhookSettings;
  /** Outbox rows fanned out per pass. */
  dispatchBatch: number;
  /** Consecutive deliveries of one hook sent under one claim. */
  runLength: number;
  /** A run stops taking further deliveries after this long (the rest go back to the queue). */
  runBudgetMs: number;
  /** Jitter source in [0, 1). */
  random: () => number;
  /**
   * Outcomes of a run are written at least this often (and at its end): deliveries a crashed instance
   * had sent but not yet written are the only ones sent again.
   */
  flushMs: number;
}

/** Time a claim outlives the longest run (its budget plus one last send) before another instance may take it. */
const LEASE_MARGIN_MS = 5_000;
export const leaseMsOf = (opts: Pick<WorkerOptions, 'runBudgetMs' | 'settings'>) =>
  opts.runBudgetMs + opts.settings.timeoutMs + LEASE_MARGIN_MS;

export interface TickResult {
  /** Outbox rows fanned out. */
  dispatched: number;
  /** Delivery attempts made. */
  attempts: number;
}

export interface WebhookWorker {
  /** One pass: housekeeping when due, fan-out of new events, then claim, send and record due deliveries. */
  tick(): Promise<TickResult>;
  /** Ticks until a pass finds nothing to do now. */
  drain(maxTicks?: number): Promise<TickResult>;
  /** Runs passes in the background until `stop()`. */
  start(): void;
  /** Stops taking work and waits for deliveries in flight. */
  stop(): Promise<void>;
}

/** The delivery body (spec, Delivery payload). */
export function deliveryBody(e: EventRow): string {
  return JSON.stringify({
    event: e.kind,
    createdAt: toDateTime(e.createdAt),
    data: { id: e.resourceId, data: JSON.parse(e.payload) as unknown },
    attributes: { projects: e.attributesProjects, users: e.attributesUsers },
    user: { id: e.actorId, teamId: e.teamId },
  });
}

export function createWebhookWorker(
  deps: Pick<Deps, 'db' | 'config' | 'secrets' | 'logger' | 'clock' | 'ops'>,
  overrides: Partial<WorkerOptions> = {},
): WebhookWorker {
  const opts: WorkerOptions = {
    clock: deps.clock,
    settings: deps.config.webhooks,
    dispatchBatch: 200,
    runLength: 50,
    runBudgetMs: 5_000,
    random: Math.random,
    flushMs: 1_000,
    ...overrides,
  };
  const { settings } = opts;
  const db: Db = deps.db;
  const notifier = notifierFor(deps);
  const policy = targetPolicy({ ...deps.config, webhooks: settings });
  const ua = userAgent(deps.config);
  /**
   * A claim outlives the longest run: the run budget, one more send, and a small margin. It is also how
   * long deliveries of a crashed instance wait before another instance sends them again.
   */
  const leaseMs = leaseMsOf(opts);
  let lastHousekeeping = 0;

  /** Deletes events (with their deliveries and attempts) past the retention period. */
  async function housekeeping(now: Date) {
    const every = Math.min(60_000, settings.retentionMs / 10);
    if (now.getTime() - lastHousekeeping < every) return;
    lastHousekeeping = now.getTime();
    await db.delete(webhookEvents).where(lt(webhookEvents.createdAt, new Date(now.getTime() - settings.retentionMs)));
  }

  const dispatch = (now: Date) => dispatchEvents(db, opts.dispatchBatch, now);

  /**
   * Sends a run's deliveries in event order and stops at the first failure (later ones wait behind it).
   * Outcomes are written every `flushMs` and at the end of the run: after a crash, only the deliveries
   * sent since the last write (and the one in flight) are sent again, once the lease ends (at least once;
   * retries keep the delivery's X-Hook-Delivery id, so receivers drop duplicates by it).
   */
  async function send(run: Run): Promise<number> {
    let secret: string;
    try {
      secret = deps.secrets.decrypt(run.hook.secretEnc);
    } catch {
      deps.logger.error('webhook secret cannot be decrypted', { hookId: run.hook.id });
      await releaseRun(db, run, run.items);
      return 0;
    }
    const started = Date.now();
    let lastWrite = started;
    let written = 0;
    let outcomes: Outcome[] = [];
    let i = 0;
    for (; i < run.items.length; i++) {
      const it = run.items[i]!;
      if (stopping || (i > 0 && Date.now() - started > opts.runBudgetMs)) break;
      const body = deliveryBody(it.event);
      const at = opts.clock();
      const r = await postJson(run.hook.targetUrl, {
        ...policy,
        timeoutMs: settings.timeoutMs,
        body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': ua,
          'X-Hook-Event': it.event.kind,
          'X-Hook-Delivery': it.delivery.deliveryId,
          'X-Hook-Signature': signBody(secret, body),
        },
      });
      outcomes.push({ it, at, r });
      deps.ops?.metrics.inc(DELIVERY_ATTEMPTS, 'Webhook delivery attempts made by this process.');
      if (!r.ok)
        deps.ops?.metrics.inc(
          DELIVERY_FAILURES,
          'Webhook delivery attempts that failed (network error, timeout or an answer other than 2xx).',
        );
      if (!r.ok) {
        i++;
        break;
      }
      if (Date.now() - lastWrite >= opts.flushMs && i < run.items.length - 1) {
        await recordRun(db, { settings, random: opts.random, logger: deps.logger, notifier }, run, outcomes, []);
        written += outcomes.length;
        outcomes = [];
        lastWrite = Date.now();
      }
    }
    await recordRun(db, { settings, random: opts.random, logger: deps.logger, notifier }, run, outcomes, run.items.slice(i));
    return written + outcomes.length;
  }

  async function safeSend(run: Run): Promise<number> {
    try {
      return await send(run);
    } catch (e) {
      deps.logger.error('webhook delivery failed', { hookId: run.hook.id, error: e instanceof Error ? e.message : String(e) });
      await releaseRun(db, run, run.items).catch(() => undefined);
      return 0;
    }
  }

  let stopping = false;
  let loop: Promise<void> | undefined;
  const inflight = new Set<Promise<unknown>>();
  const nap = napper();
  let unlisten: (() => void) | undefined;

  async function tick(): Promise<TickResult> {
    const now = opts.clock();
    await housekeeping(now);
    const dispatched = await dispatch(now);
    const runs = await claimRuns(db, { runLength: opts.runLength, leaseMs }, settings.concurrency, now);
    const sent = await Promise.all(runs.map(safeSend));
    return { dispatched, attempts: sent.reduce((a, b) => a + b, 0) };
  }

  async function runLoop() {
    while (!stopping) {
      let busy = false;
      try {
        const now = opts.clock();
        await housekeeping(now);
        busy = (await dispatch(now)) > 0;
        const runs = await claimRuns(db, { runLength: opts.runLength, leaseMs }, settings.concurrency - inflight.size, now);
        for (const run of runs) {
          busy = true;
          const p: Promise<unknown> = safeSend(run).finally(() => {
            inflight.delete(p);
            nap.wake();
          });
          inflight.add(p);
        }
      } catch (e) {
        deps.logger.error('webhook worker pass failed', { error: e instanceof Error ? e.message : String(e) });
      }
      if (busy && inflight.size < settings.concurrency) continue;
      await nap.sleep(settings.pollMs);
    }
  }

  return {
    tick,
    async drain(maxTicks = 1000) {
      const total: TickResult = { dispatched: 0, attempts: 0 };
      for (let i = 0; i < maxTicks; i++) {
        const r = await tick();
        total.dispatched += r.dispatched;
        total.attempts += r.attempts;
        if (r.dispatched === 0 && r.attempts === 0) return total;
      }
      throw new Error(`Webhook worker still busy after ${maxTicks} passes`);
    },
    start() {
      if (loop) return;
      stopping = false;
      unlisten = onOutboxWrite(() => nap.wake());
      loop = runLoop();
    },
    async stop() {
      stopping = true;
      unlisten?.();
      nap.wake();
      await loop;
      await Promise.all([...inflight]);
      loop = undefined;
    },
  };
}
