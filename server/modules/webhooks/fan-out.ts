import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hookDeliveries, hooks, projects, projectUsers, users, webhookEvents } from '../../db/schema/index.ts';
import { hookSees, type EventFacts, type OwnerFacts } from './visibility.ts';

/** Key of the advisory lock held while fanning out. */
const DISPATCH_LOCK = 727_275;

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/**
 * Fans undispatched outbox rows out to the hooks that may see them (one delivery row per hook and event).
 * A transaction-level advisory lock makes fan-out sequential across instances, which keeps event order.
 */
export async function dispatchEvents(db: Db, batch: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${DISPATCH_LOCK}) as locked`));
    if (!lock?.locked) return 0;
    const events = await tx
      .select()
      .from(webhookEvents)
      .where(isNull(webhookEvents.dispatchedAt))
      .orderBy(asc(webhookEvents.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (events.length === 0) return 0;
    const teamIds = [...new Set(events.map((e) => e.teamId))];
    const candidates = await tx
      .select({ hook: hooks, role: users.role, status: users.status })
      .from(hooks)
      .innerJoin(users, eq(users.id, hooks.userId))
      .where(inArray(hooks.teamId, teamIds));
    // A hook its owner turned off (inactive without a failure turn-off) gets nothing kept for it; one turned off by
    // failures keeps its events, sent when it is turned on again.
    const owners = candidates.filter((c) => c.status !== 'removed' && (c.hook.active || c.hook.disabledAt !== null));
    const projectIds = [...new Set(events.map((e) => e.projectId).filter((p): p is number => p !== null))];
    const restricted = [...new Set(owners.filter((o) => o.role === 'member' || o.role === 'member_limited').map((o) => o.hook.userId))];
    const privacy = new Map<number, boolean>();
    const assigned = new Set<string>();
    if (projectIds.length && restricted.length) {
      for (const p of await tx.select({ id: projects.id, privacy: projects.privacy }).from(projects).where(inArray(projects.id, projectIds))) privacy.set(p.id, p.privacy);
      const links = await tx
        .select({ p: projectUsers.projectId, u: projectUsers.userId })
        .from(projectUsers)
        .where(and(inArray(projectUsers.projectId, projectIds), inArray(projectUsers.userId, restricted)));
      for (const l of links) assigned.add(`${l.p}:${l.u}`);
    }
    const rows: (typeof hookDeliveries.$inferInsert)[] = [];
    for (const e of events) {
      const facts: EventFacts = { kind: e.kind, teamId: e.teamId, projectId: e.projectId, users: e.attributesUsers };
      for (const o of owners) {
        const owner: OwnerFacts = {
          userId: o.hook.userId,
          role: o.role,
          projectPrivate: e.projectId === null ? undefined : privacy.get(e.projectId),
          assigned: e.projectId !== null && assigned.has(`${e.projectId}:${o.hook.userId}`),
        };
        if (hookSees({ teamId: o.hook.teamId, events: o.hook.events, projectId: o.hook.projectId }, owner, facts)) {
          rows.push({ teamId: e.teamId, hookId: o.hook.id, eventId: e.id, deliveryId: crypto.randomUUID(), nextAttemptAt: now });
        }
      }
    }
    for (let i = 0; i < rows.length; i += 500) await tx.insert(hookDeliveries).values(rows.slice(i, i + 500));
    await tx
      .update(webhookEvents)
      .set({ dispatchedAt: now })
      .where(inArray(webhookEvents.id, events.map((e) => e.id)));
    return events.length;
  });
}
