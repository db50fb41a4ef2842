import crypto from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, expenseAttachments, timeOff } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AttachmentStorage } from './storage.ts';

export type AttachmentRow = typeof attachments.$inferSelect;

export const newDownloadToken = () => crypto.randomBytes(24).toString('base64url');
export const presentAttachment = (a: AttachmentRow) => ({ id: a.id, name: a.name, token: a.token });

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

/**
 * Removes attachments (rows and files) that nothing has referenced for 24 h, across all teams, and
 * partial files left by interrupted writes. Answers how many attachments went.
 */
export async function sweepAttachments(db: Db, storage: AttachmentStorage, now: Date, logger?: Logger): Promise<number> {
  const cutoff = new Date(now.getTime() - UNREFERENCED_TTL_MS);
  const gone = await db
    .delete(attachments)
    .where(
      and(
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
  await storage.removeStalePartials(now, 60 * 60 * 1000);
  return gone.length;
}
