import { z } from 'zod';
import { numericId, numericIdParam } from './common.ts';
import { defineRoute } from './route.ts';

import { ATTACHMENT_UPLOAD_PATH } from './attachment-limits.ts';

export { attachmentExtensions, attachmentTypes, attachmentTypesLabel, MAX_ATTACHMENT_BYTES, type AttachmentType } from './attachment-limits.ts';

export const attachment = z.object({ id: numericId, name: z.string(), token: z.string() });
export type Attachment = z.infer<typeof attachment>;

/** A file name shown to people: no path separators, no `..`, no control characters. */
export const attachmentName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(255, 'At most 255 characters')
  .refine((s) => !/[/\\]/.test(s), 'Must not contain path separators')
  .refine((s) => !s.includes('..'), 'Must not contain ..')
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'Must not contain control characters');

/**
 * JSON form of the upload: `content` is the file in base64. The same route also takes
 * `multipart/form-data` with a `file` part (and an optional `name` part).
 */
export const uploadAttachmentBody = z.object({
  name: attachmentName,
  content: z.string().min(1, 'Required'),
});

const T = 'Attachments';
export const attachmentRoutes = {
  upload: defineRoute({
    method: 'post',
    path: ATTACHMENT_UPLOAD_PATH,
    tag: T,
    summary:
      'Upload a file (JSON with base64 content, or multipart/form-data with a file part); up to 10 MB of jpg, png, gif, webp, heic or pdf',
    body: uploadAttachmentBody,
    status: 201,
    response: attachment,
  }),
  download: defineRoute({
    method: 'get',
    path: '/attachments/{token}/download',
    tag: T,
    summary:
      'Download a file: its uploader, and whoever may read the expense or time off holding it (its owner, admins and supervisors); 404 for anyone else',
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) }),
    status: 200,
    produces: 'application/octet-stream',
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/attachments/{attachment_id}',
    tag: T,
    summary: 'Delete a file (its uploader or an admin)',
    params: z.object({ attachment_id: numericIdParam }),
    status: 204,
  }),
};
