import crypto from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { WebhookSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hookAttempts, hookDeliveries, hooks, users, webhookEvents } from '../../db/schema/index.ts';
import type { Deps } from '../../http/env.ts';
import { toDateTime } from '../../lib/time.ts';
import { postJson, type PostResult } from './net.ts';
import { onOutboxWrite } from './outbox.ts';
import { signBody, targetPolicy, userAgent, type HookRow } from './service.ts';
import { dispatchEvents } from './fan-out.ts';
import { DELIVERY_ATTEMPTS, DELIVERY_FAILURES } from '../../ops/metrics.ts';

type EventRow = typeof webhookEvents.$inferSelect;
type DeliveryRow = typeof hookDeliveries.$inferSelect;

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
export const leaseMsOf = (opts: Pick<WorkerOptions, 'runBudgetMs' | 'settings'>) => opts.runBudgetMs + opts.settings.timeoutMs + LEASE_MARGIN_MS;

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


/** Delay before the retry after the `failures`-th failed attempt: base·2^(failures-1), ±20 % jitter, capped. */
export function retryDelayMs(s: Pick<WebhookSettings, 'retryBaseMs' | 'retryMaxMs'>, failures: number, random: () => number = Math.random): number {
  const exp = s.retryBaseMs * 2 ** Math.min(Math.max(failures - 1, 0), 40);
  const jittered = Math.min(exp, s.retryMaxMs) * (0.8 + 0.4 * random());
  return Math.round(Math.min(jittered, s.retryMaxMs));
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

interface RunItem {
  delivery: DeliveryRow;
  event: EventRow;
}
interface Run {
  hook: HookRow;
  leaseId: string;
  /** The pass's time when the run was claimed; unsent items go back due at it. */
  claimedAt: Date;
  items: RunItem[];
}
interface Outcome {
  it: RunItem;
  /** When the attempt started. */
  at: Date;
  r: PostResult;
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

export function createWebhookWorker(deps: Pick<Deps, 'db' | 'config' | 'secrets' | 'logger' | 'clock' | 'ops'>, overrides: Partial<WorkerOptions> = {}): WebhookWorker {
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
   * Claims due work for up to `limit` hooks: for each, the first undelivered delivery (in event order)
   * if it is due, plus the due ones right behind it. Rows are locked with FOR UPDATE SKIP LOCKED and
   * leased (not due again until the lease ends), so another instance never takes them.
   */
  async function claim(limit: number, now: Date): Promise<Run[]> {
    if (limit <= 0) return [];
    const found = await db.transaction(async (tx) => {
      // Candidates: each active hook's (of a user still on the team) first undelivered delivery in event order, if due.
      const candidates = rowsOf<{ id: number | string }>(
        await tx.execute(sql`
          select d.id from ${hooks} as h
          join ${users} as u on u.id = h.user_id and u.status <> 'removed'
          cross join lateral (
            select e.id, e.next_attempt_at from ${hookDeliveries} as e
            where e.hook_id = h.id and e.status = 'pending'
            order by e.event_id, e.id limit 1
          ) as d
          where h.active and d.next_attempt_at <= ${now}::timestamptz
          order by d.next_attempt_at, d.id
          limit ${limit * 4}`),
      ).map((c) => Number(c.id));
      if (candidates.length === 0) return [];
      // Lock them, skipping rows another instance holds; re-check that each is still due and still first.
      const heads = await tx
        .select({ d: hookDeliveries, hook: hooks })
        .from(hookDeliveries)
        .innerJoin(hooks, eq(hooks.id, hookDeliveries.hookId))
        .where(
          and(
            inArray(hookDeliveries.id, candidates),
            eq(hookDeliveries.status, 'pending'),
            lte(hookDeliveries.nextAttemptAt, now),
            eq(hooks.active, true),
            sql`not exists (select 1 from ${hookDeliveries} as earlier where earlier.hook_id = ${hookDeliveries.hookId} and earlier.status = 'pending' and (earlier.event_id, earlier.id) < (${hookDeliveries.eventId}, ${hookDeliveries.id}))`,
          ),
        )
        .orderBy(asc(hookDeliveries.nextAttemptAt), asc(hookDeliveries.id))
        .limit(limit)
        .for('update', { of: hookDeliveries, skipLocked: true });
      const runs: { hook: HookRow; leaseId: string; deliveries: DeliveryRow[] }[] = [];
      for (const { d, hook } of heads) {
        const deliveries = [d];
        if (opts.runLength > 1) {
          const next = await tx
            .select()
            .from(hookDeliveries)
            .where(
              and(
                eq(hookDeliveries.hookId, d.hookId),
                eq(hookDeliveries.status, 'pending'),
                sql`(${hookDeliveries.eventId}, ${hookDeliveries.id}) > (${d.eventId}, ${d.id})`,
              ),
            )
            .orderBy(asc(hookDeliveries.eventId), asc(hookDeliveries.id))
            .limit(opts.runLength - 1)
            .for('update');
          for (const n of next) {
            if (n.nextAttemptAt.getTime() > now.getTime() || n.leaseId !== null) break;
            deliveries.push(n);
          }
        }
        const leaseId = crypto.randomUUID();
        await tx
          .update(hookDeliveries)
          .set({ leaseId, nextAttemptAt: new Date(now.getTime() + leaseMs) })
          .where(inArray(hookDeliveries.id, deliveries.map((x) => x.id)));
        runs.push({ hook, leaseId, deliveries });
      }
      return runs;
    });
    if (found.length === 0) return [];
    const eventIds = [...new Set(found.flatMap((r) => r.deliveries.map((d) => d.eventId)))];
    const events = new Map((await db.select().from(webhookEvents).where(inArray(webhookEvents.id, eventIds))).map((e) => [e.id, e]));
    const runs: Run[] = [];
    for (const r of found) {
      const items: RunItem[] = [];
      for (const d of r.deliveries) {
        const event = events.get(d.eventId);
        if (event) items.push({ delivery: d, event });
      }
      runs.push({ hook: r.hook, leaseId: r.leaseId, claimedAt: now, items });
    }
    return runs;
  }

  /** Puts unsent items of a run back in the queue, due as they were when claimed. */
  async function release(exec: Db, run: Run, items: RunItem[]) {
    if (items.length === 0) return;
    await exec
      .update(hookDeliveries)
      .set({ leaseId: null, nextAttemptAt: run.claimedAt })
      .where(and(inArray(hookDeliveries.id, items.map((it) => it.delivery.id)), eq(hookDeliveries.leaseId, run.leaseId)));
  }

  /**
   * Writes the outcomes of a run's attempts in one transaction (only rows whose lease is still ours),
   * appends them to the log, updates the hook's failure streak (disabling it after sustained failure),
   * and puts unsent items back.
   */
  async function recordRun(run: Run, outcomes: Outcome[], unsent: RunItem[]): Promise<void> {
    await db.transaction(async (tx) => {
      const kept = new Set<number>();
      if (outcomes.length) {
        const values = outcomes.map(({ it, at, r }) => {
          const done = new Date(at.getTime() + r.durationMs);
          const next = r.ok ? done : new Date(done.getTime() + retryDelayMs(settings, it.delivery.attempts + 1, opts.random));
          return sql`(${it.delivery.id}::bigint, ${r.ok}::boolean, ${r.status ?? null}::int, ${r.error ?? null}::text, ${r.durationMs}::int, ${r.excerpt || null}::text, ${done}::timestamptz, ${next}::timestamptz)`;
        });
        const updated = rowsOf<{ id: number | string }>(
          await tx.execute(sql`
            update ${hookDeliveries} as d set
              status = case when v.ok then 'delivered' else d.status end,
              attempts = d.attempts + 1,
              lease_id = null,
              last_status_code = v.code,
              last_error = v.err,
              last_duration_ms = v.dur,
              last_excerpt = v.exc,
              delivered_at = case when v.ok then v.done else d.delivered_at end,
              next_attempt_at = case when v.ok then d.next_attempt_at else v.next end
            from (values ${sql.join(values, sql`, `)}) as v(id, ok, code, err, dur, exc, done, next)
            where d.id = v.id and d.lease_id = ${run.leaseId}::uuid
            returning d.id`),
        );
        for (const u of updated) kept.add(Number(u.id));
        const attempts = outcomes.filter(({ it }) => kept.has(it.delivery.id));
        if (attempts.length) {
          await tx.insert(hookAttempts).values(
            attempts.map(({ it, at, r }) => ({
              teamId: run.hook.teamId,
              hookId: run.hook.id,
              deliveryRowId: it.delivery.id,
              attempt: it.delivery.attempts + 1,
              statusCode: r.status ?? null,
              error: r.error ?? null,
              durationMs: r.durationMs,
              excerpt: r.excerpt || null,
              createdAt: at,
            })),
          );
          const last = attempts.at(-1)!;
          const anySuccess = attempts.some((a) => a.r.ok);
          let set: Record<string, unknown>;
          if (last.r.ok) set = { lastUsedAt: last.at, consecutiveFailures: 0, failingSince: null };
          else {
            // The streak before this failure: none if something succeeded in this run.
            const count = anySuccess ? sql`0` : sql`${hooks.consecutiveFailures}`;
            const since = anySuccess ? sql`${last.at}::timestamptz` : sql`coalesce(${hooks.failingSince}, ${last.at}::timestamptz)`;
            // Sustained failure: the N-th failed attempt in a row, with the streak spanning the window.
            const sustained = sql`(${count} + 1 >= ${settings.disableAfterFailures}::int and ${last.at}::timestamptz - ${since} >= ${settings.disableAfterMs}::float8 * interval '1 millisecond')`;
            set = {
              lastUsedAt: last.at,
              consecutiveFailures: sql`${count} + 1`,
              failingSince: since,
              active: sql`case when ${sustained} then false else ${hooks.active} end`,
              disabledAt: sql`case when ${sustained} and ${hooks.active} then ${last.at}::timestamptz else ${hooks.disabledAt} end`,
            };
          }
          const [h] = await tx.update(hooks).set(set).where(eq(hooks.id, run.hook.id)).returning({ active: hooks.active, disabledAt: hooks.disabledAt });
          if (h && !h.active && !last.r.ok && h.disabledAt?.getTime() === last.at.getTime()) {
            deps.logger.warn('webhook disabled after sustained delivery failures', { hookId: run.hook.id, teamId: run.hook.teamId });
          }
        }
      }
      await release(tx as unknown as Db, run, unsent);
    });
  }

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
      await release(db, run, run.items);
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
      if (!r.ok) deps.ops?.metrics.inc(DELIVERY_FAILURES, 'Webhook delivery attempts that failed (network error, timeout or an answer other than 2xx).');
      if (!r.ok) {
        i++;
        break;
      }
      if (Date.now() - lastWrite >= opts.flushMs && i < run.items.length - 1) {
        await recordRun(run, outcomes, []);
        written += outcomes.length;
        outcomes = [];
        lastWrite = Date.now();
      }
    }
    await recordRun(run, outcomes, run.items.slice(i));
    return written + outcomes.length;
  }

  async function safeSend(run: Run): Promise<number> {
    try {
      return await send(run);
    } catch (e) {
      deps.logger.error('webhook delivery failed', { hookId: run.hook.id, error: e instanceof Error ? e.message : String(e) });
      await release(db, run, run.items).catch(() => undefined);
      return 0;
    }
  }

  let stopping = false;
  let loop: Promise<void> | undefined;
  const inflight = new Set<Promise<unknown>>();
  let wake: (() => void) | undefined;
  let unlisten: (() => void) | undefined;

  async function tick(): Promise<TickResult> {
    const now = opts.clock();
    await housekeeping(now);
    const dispatched = await dispatch(now);
    const runs = await claim(settings.concurrency, now);
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
        const runs = await claim(settings.concurrency - inflight.size, now);
        for (const run of runs) {
          busy = true;
          const p: Promise<unknown> = safeSend(run).finally(() => {
            inflight.delete(p);
            wake?.();
          });
          inflight.add(p);
        }
      } catch (e) {
        deps.logger.error('webhook worker pass failed', { error: e instanceof Error ? e.message : String(e) });
      }
      if (busy && inflight.size < settings.concurrency) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(done, settings.pollMs);
        function done() {
          clearTimeout(t);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
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
      unlisten = onOutboxWrite(() => wake?.());
      loop = runLoop();
    },
    async stop() {
      stopping = true;
      unlisten?.();
      wake?.();
      await loop;
      await Promise.all([...inflight]);
      loop = undefined;
    },
  };
}
