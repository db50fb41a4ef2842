import type { Context } from 'hono';
import type { AuditKind } from '../../../contract/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppEnv, Caller } from '../../http/env.ts';

/** Who made a change, in which team, from which address. */
export interface AuditWho {
  teamId: number;
  actorId: number | null;
  actorLabel: string;
  address: string;
}

/** What changed: the kind, the thing it is about (with its name at the time), and the values before and after. */
export interface AuditWhat {
  kind: AuditKind;
  subject?: { type: string; id: string | number; name: string } | undefined;
  before?: Record<string, unknown> | null | undefined;
  after?: Record<string, unknown> | null | undefined;
}

/**
 * How the caller signed in, as the entry names it: `Olivia` in the web app, `Olivia (API key)`, or
 * `Olivia (app Zapier)` through an app she authorised (named as it registered).
 */
const via = (caller: Caller) =>
  caller.credential.kind === 'apiKey' ? ' (API key)' : caller.credential.app ? ` (app ${caller.credential.app})` : '';

/** The caller of an API request as the actor. */
export const auditCaller = (c: Context<AppEnv>, caller: Caller): AuditWho => ({
  teamId: caller.team.id,
  actorId: caller.user.id,
  actorLabel: `${caller.user.name}${via(caller)}`,
  address: clientAddress(c),
});

/** A person acting on the sign-in pages (no API credential), or someone unknown (`user` null) with a label. */
export const auditPerson = (c: Context<AppEnv>, teamId: number, user: { id: number; name: string } | null, label?: string): AuditWho => ({
  teamId,
  actorId: user?.id ?? null,
  actorLabel: user?.name ?? label ?? 'Unknown',
  address: clientAddress(c),
});

/**
 * Records one entry of the team's audit log. Call it with the transaction of the change it records, so the
 * entry and the change are kept or lost together.
 */
export async function recordAudit(db: Db, who: AuditWho, what: AuditWhat): Promise<void> {
  await db.insert(auditLog).values({
    teamId: who.teamId,
    actorId: who.actorId,
    actorLabel: who.actorLabel,
    kind: what.kind,
    subjectType: what.subject?.type ?? null,
    subjectId: what.subject ? String(what.subject.id) : null,
    subjectName: what.subject?.name ?? null,
    before: what.before ?? null,
    after: what.after ?? null,
    address: who.address,
  });
}

/** The fields among `keys` whose values differ, as `[before, after]` maps (both empty when nothing changed). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>, keys: readonly (keyof T & string)[]) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of keys) {
    if (after[k] === undefined || JSON.stringify(after[k]) === JSON.stringify(before[k])) continue;
    b[k] = before[k];
    a[k] = after[k];
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}

/** Records a change of one of the team's settings, when `diff` (of `changedFields`) holds one. */
export async function auditTeamSetting(
  db: Db,
  who: AuditWho,
  team: { id: number; name: string },
  kind: AuditKind,
  diff: ReturnType<typeof changedFields>,
): Promise<void> {
  if (!diff.changed) return;
  await recordAudit(db, who, { kind, subject: { type: 'team', id: team.id, name: team.name }, before: diff.before, after: diff.after });
}
