import crypto from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { WebhookSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hookAttempts, hookDeliveries, hooks, users, webhookEvents } from '../../db/schema/index.ts';
import type { Deps } from '../../http/env.ts';
import { Scope } from '../../db/scope.ts';
import { reviewersOf, type Notifier } from '../notifications/emit.ts';
import type { PostResult } from './net.ts';
import type { HookRow } from './service.ts';

/*
 * A delivery run of one hook, in the database: claimed (leased) by one instance, its outcomes recorded,
 * its unsent deliveries put back. The worker (worker.ts) sends what these claim.
 */

type EventRow = typeof webhookEvents.$inferSelect;
type DeliveryRow = typeof hookDeliveries.$inferSelect;

export interface RunItem {
  delivery: DeliveryRow;
  event: EventRow;
}
export interface Run {
  hook: HookRow;
  leaseId: string;
  /** The pass's time when the run was claimed; unsent items go back due at it. */
  claimedAt: Date;
  items: RunItem[];
}
export interface Outcome {
  it: RunItem;
  /** When the attempt started. */
  at: Date;
  r: PostResult;
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/** Delay before the retry after the `failures`-th failed attempt: base·2^(failures-1), ±20 % jitter, capped. */
export function retryDelayMs(
  s: Pick<WebhookSettings, 'retryBaseMs' | 'retryMaxMs'>,
  failures: number,
  random: () => number = Math.random,
): number {
  const exp = s.retryBaseMs * 2 ** Math.min(Math.max(failures - 1, 0), 40);
  const jittered = Math.min(exp, s.retryMaxMs) * (0.8 + 0.4 * random());
  return Math.round(Math.min(jittered, s.retryMaxMs));
}

/**
 * Claims due work for up to `limit` hooks: for each, the first undelivered delivery (in event order)
 * if it is due, plus the due ones right behind it. Rows are locked with FOR UPDATE SKIP LOCKED and
 * leased (not due again until the lease ends), so another instance never takes them.
 */
export async function claimRuns(db: Db, o: { runLength: number; leaseMs: number }, limit: number, now: Date): Promise<Run[]> {
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
      if (o.runLength > 1) {
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
          .limit(o.runLength - 1)
          .for('update');
        for (const n of next) {
          if (n.nextAttemptAt.getTime() > now.getTime() || n.leaseId !== null) break;
          deliveries.push(n);
        }
      }
      const leaseId = crypto.randomUUID();
      await tx
        .update(hookDeliveries)
        .set({ leaseId, nextAttemptAt: new Date(now.getTime() + o.leaseMs) })
        .where(
          inArray(
            hookDeliveries.id,
            deliveries.map((x) => x.id),
          ),
        );
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
export async function releaseRun(exec: Db, run: Run, items: RunItem[]) {
  if (items.length === 0) return;
  await exec
    .update(hookDeliveries)
    .set({ leaseId: null, nextAttemptAt: run.claimedAt })
    .where(
      and(
        inArray(
          hookDeliveries.id,
          items.map((it) => it.delivery.id),
        ),
        eq(hookDeliveries.leaseId, run.leaseId),
      ),
    );
}

/**
 * Writes the outcomes of a run's attempts in one transaction (only rows whose lease is still ours),
 * appends them to the log, updates the hook's failure streak (disabling it after sustained failure),
 * and puts unsent items back.
 */
export async function recordRun(
  db: Db,
  o: { settings: WebhookSettings; random: () => number; logger: Deps['logger']; notifier?: Notifier },
  run: Run,
  outcomes: Outcome[],
  unsent: RunItem[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const kept = new Set<number>();
    if (outcomes.length) {
      const values = outcomes.map(({ it, at, r }) => {
        const done = new Date(at.getTime() + r.durationMs);
        const next = r.ok ? done : new Date(done.getTime() + retryDelayMs(o.settings, it.delivery.attempts + 1, o.random));
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
          const sustained = sql`(${count} + 1 >= ${o.settings.disableAfterFailures}::int and ${last.at}::timestamptz - ${since} >= ${o.settings.disableAfterMs}::float8 * interval '1 millisecond')`;
          set = {
            lastUsedAt: last.at,
            consecutiveFailures: sql`${count} + 1`,
            failingSince: since,
            active: sql`case when ${sustained} then false else ${hooks.active} end`,
            disabledAt: sql`case when ${sustained} and ${hooks.active} then ${last.at}::timestamptz else ${hooks.disabledAt} end`,
          };
        }
        const [h] = await tx
          .update(hooks)
          .set(set)
          .where(eq(hooks.id, run.hook.id))
          .returning({ active: hooks.active, disabledAt: hooks.disabledAt });
        if (h && !h.active && !last.r.ok && h.disabledAt?.getTime() === last.at.getTime()) {
          o.logger.warn('webhook disabled after sustained delivery failures', { hookId: run.hook.id, teamId: run.hook.teamId });
          if (o.notifier) await tellDisabled(new Scope(tx as unknown as Db, run.hook.teamId), o.notifier, run.hook, last.r);
        }
      }
    }
    await releaseRun(tx as unknown as Db, run, unsent);
  });
}

/** Where a hook posts, as told to people: its host only, since a path or query often carries the receiver's secret. */
export function hookHost(targetUrl: string): string {
  try {
    return new URL(targetUrl).host;
  } catch {
    return 'its address';
  }
}

/**
 * The hook's owner and the team's admins hear, once, that it was turned off (naming the host, not the whole
 * address); the link opens Integrations.
 */
async function tellDisabled(s: Scope, notifier: Notifier, hook: HookRow, r: PostResult) {
  const why = r.status ? `it answered ${r.status}` : (r.error ?? 'it did not answer');
  await notifier.notify(s, {
    kind: 'webhook.disabled',
    to: [hook.userId, ...(await reviewersOf(s, ['admin']))],
    subject: { type: 'webhook', id: hook.id },
    link: '/integrations',
    payload: {
      title: `Webhook ${hook.id} to ${hookHost(hook.targetUrl)} was turned off after failing again and again`,
      comment: `Last attempt: ${why}.`,
      actor: null,
    },
  });
}
