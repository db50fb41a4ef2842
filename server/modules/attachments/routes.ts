import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { attachmentRoutes } from '../../../contract/attachments.ts';
import { attachments, expenseAttachments, expenses } from '../../db/schema/index.ts';
import { requireUnlocked } from '../expenses/rules.ts';
import type { AppEnv } from '../../http/env.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { isAdmin, isManager } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { mayReadAttachment, presentAttachment } from './service.ts';
import { storageFor } from './storage.ts';
import { storeUpload } from './store.ts';
import { contentDisposition, receiveUpload } from './upload.ts';
import { lockViewer } from '../timesheets/auto-lock.ts';

export function registerAttachmentRoutes(app: Hono<AppEnv>) {
  register(
    app,
    attachmentRoutes.upload,
    async (c, _input, caller) => presentAttachment(await storeUpload(c, caller, await receiveUpload(c))),
    { readBody: false },
  );

  register(app, attachmentRoutes.download, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const row = await scope.first(attachments, eq(attachments.token, params.token));
    // A file the caller may not read is as absent as an unknown token: the answer tells nothing about it.
    if (!row || !(await mayReadAttachment(scope, { id: caller.user.id, readsOthers: isManager(caller) }, row))) throw notFound('Attachment');
    const file = await storageFor(c.get('deps').config).open(row.storageKey);
    if (!file) throw notFound('Attachment');
    return new Response(file.stream, {
      status: 200,
      headers: {
        'Content-Type': row.mimeType,
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition(row.name),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-store',
      },
    });
  });

  register(app, attachmentRoutes.remove, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const row = await scope.byId(attachments, params.attachment_id);
    if (!row) throw notFound('Attachment');
    if (row.uploadedBy !== caller.user.id && !isAdmin(caller)) throw forbidden('Only the uploader or an admin can delete this file');
    const [holder] = await scope.db
      .select({ userId: expenses.userId, date: expenses.date })
      .from(expenseAttachments)
      .innerJoin(expenses, eq(expenses.id, expenseAttachments.expenseId))
      .where(scope.where(expenseAttachments, eq(expenseAttachments.attachmentId, row.id)));
    if (holder) await requireUnlocked(scope, holder.userId, [holder.date], lockViewer(caller, c.get('deps').clock()));
    await scope.delete(attachments, eq(attachments.id, row.id));
    await storageFor(c.get('deps').config).remove(row.storageKey);
  });
}
