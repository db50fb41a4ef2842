import type { Context } from 'hono';
import { attachmentTypesLabel } from '../../../contract/attachments.ts';
import { attachments } from '../../db/schema/index.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { invalid } from '../../http/errors.ts';
import { detectType } from './detect.ts';
import { insertWithinQuota } from './quota.ts';
import { newDownloadToken, type AttachmentRow } from './service.ts';
import { newStorageKey, storageFor } from './storage.ts';
import type { ReceivedFile } from './upload.ts';

/** Checks a received file's type, stores it and records it as an (as yet unreferenced) attachment of the caller. */
export async function storeUpload(c: Context<AppEnv>, caller: Caller, file: ReceivedFile): Promise<AttachmentRow> {
  if (file.bytes.length === 0) throw invalid(file.field, 'The file is empty');
  const mimeType = detectType(file.bytes);
  if (!mimeType) throw invalid(file.field, `Only ${attachmentTypesLabel} files are accepted`);
  const storage = storageFor(c.get('deps').config);
  const scope = c.get('scope');
  const key = newStorageKey(scope.teamId);
  await storage.put(key, file.bytes);
  try {
    return await insertWithinQuota(c.get('deps'), scope, caller.user.id, file.bytes.length, file.field, (s) =>
      s.insert(attachments, {
        uploadedBy: caller.user.id,
        name: file.name,
        mimeType,
        size: file.bytes.length,
        storageKey: key,
        token: newDownloadToken(),
      }),
    );
  } catch (e) {
    await storage.remove(key);
    throw e;
  }
}
