import crypto from 'node:crypto';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, expenseAttachments, expenses, timeOff } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AttachmentStorage } from './storage.ts';

export type AttachmentRow = typeof attachments.$inferSelect;

export const newDownloadToken = () => crypto.randomBytes(24).toString('base64url');
export const presentAttachment = (a: AttachmentRow) => ({ id: a.id, name: a.name, token: a.token });

/**
 * True when `viewer` may read the file: its uploader, or whoever may read what holds it (an expense or a
 * time-off request: its owner, and admins and supervisors, who read everyone's). A download token alone
 * opens nothing.
 */
export async function mayReadAttachment(scope: Scope, viewer: { id: number; readsOthers: boolean }, a: AttachmentRow): Promise<boolean> {
  if (a.uploadedBy === viewer.id) return true;
  const owned = (userId: typeof expenses.userId | typeof timeOff.userId) => (viewer.readsOthers ? undefined : eq(userId, viewer.id));
  const [expense] = await scope.db
    .select({ id: expenses.id })
    .from(expenseAttachments)
    .innerJoin(expenses, eq(expenses.id, expenseAttachments.expenseId))
    .where(and(scope.mine(expenseAttachments), eq(expenseAttachments.attachmentId, a.id), owned(expenses.userId)))
    .limit(1);
  if (expense) return true;
  const [off] = await scope.db
    .select({ id: timeOff.id })
    .from(timeOff)
    .where(and(scope.mine(timeOff), sql`${a.id} = any(${timeOff.attachmentIds})`, owned(timeOff.userId)))
    .limit(1);
  return off !== undefined;
}

/** How long an attachment may stay unreferenced before the sweep removes it. */
export const UNREFERENCED_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Marks attachments as referenced (`inUse`) or released by whatever holds them (expenses, time off).
 * A released attachment is swept 24 h after its release unless taken again.
 */
export async function setAttachmentsInUse(scope: Scope, ids: number[], inUse: boolean, now: Date) {
  if (ids.length === 0) return;
  await scope.update(
    attachments,
    inUse ? { inUse: true, releasedAt: null } : { inUse: false, releasedAt: now },
    inArray(attachments.id, ids),
  );
}

/** How long an attachment may stay unreferenced when its uploader is over the storage quota. */
export const OVER_QUOTA_TTL_MS = 60 * 60 * 1000;

/** Bytes `userId` keeps stored in attachments (referenced or not). */
export async function storedBytes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${attachments.size}), 0)` })
    .from(attachments)
    .where(eq(attachments.uploadedBy, userId));
  return Number(row?.bytes ?? 0);
}

/** Deletes the unreferenced attachments matching `which` unreferenced since before `cutoff`, then their files. */
async function removeUnreferenced(db: Db, storage: AttachmentStorage, which: SQL, cutoff: Date, logger?: Logger): Promise<number> {
  const gone = await db
    .delete(attachments)
    .where(
      and(
        which,
        eq(attachments.inUse, false),
        lt(sql`coalesce(${attachments.releasedAt}, ${attachments.createdAt})`, cutoff),
        // Belt and braces: whatever the flag says, never remove a file something still points at.
        sql`not exists (select 1 from ${expenseAttachments} where ${expenseAttachments.attachmentId} = ${attachments.id})`,
        sql`not exists (select 1 from ${timeOff} where ${attachments.id} = any(${timeOff.attachmentIds}))`,
      ),
    )
    .returning({ key: attachments.storageKey });
  for (const g of gone) {
    await storage.remove(g.key).catch((e: unknown) => logger?.warn('attachment file not removed', { key: g.key, error: String(e) }));
  }
  return gone.length;
}

/**
 * Removes attachments (rows and files) that nothing has referenced for 24 h, or for 1 h when their uploader
 * keeps more than `quotaBytes`, across all teams, and partial files left by interrupted writes. Answers how
 * many attachments went.
 */
export async function sweepAttachments(db: Db, storage: AttachmentStorage, now: Date, logger?: Logger, quotaBytes?: number): Promise<number> {
  let removed = 0;
  if (quotaBytes !== undefined) {
    const overQuota = sql`${attachments.uploadedBy} in (select ${attachments.uploadedBy} from ${attachments} group by 1 having sum(${attachments.size}) > ${quotaBytes})`;
    removed += await removeUnreferenced(db, storage, overQuota, new Date(now.getTime() - OVER_QUOTA_TTL_MS), logger);
  }
  removed += await removeUnreferenced(db, storage, sql`true`, new Date(now.getTime() - UNREFERENCED_TTL_MS), logger);
  await storage.removeStalePartials(now, 60 * 60 * 1000);
  return removed;
}

/** The early sweep of one user over the quota: their uploads unreferenced for 1 h go. */
export const sweepOverQuota = (db: Db, storage: AttachmentStorage, userId: number, now: Date, logger?: Logger) =>
  removeUnreferenced(db, storage, eq(attachments.uploadedBy, userId), new Date(now.getTime() - OVER_QUOTA_TTL_MS), logger);
