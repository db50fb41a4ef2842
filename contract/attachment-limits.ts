/**
 * What POST /attachments accepts, in a file of its own without zod, so the web app's drop zone can
 * check files before sending them without loading the contract's schemas.
 */

/** Path of the upload route (the contract's `attachmentRoutes.upload`). */
export const ATTACHMENT_UPLOAD_PATH = '/attachments';

/** Largest file accepted by POST /attachments (decoded bytes). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Types recognised by their first bytes. */
export const attachmentTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'] as const;
export type AttachmentType = (typeof attachmentTypes)[number];

/** File name endings of each type: for a file picker's `accept`, and for files the browser gives no type (HEIC on many systems). */
export const attachmentExtensions: Record<AttachmentType, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'application/pdf': ['.pdf'],
};

/** The accepted types as people name them, for messages. */
export const attachmentTypesLabel = 'jpg, png, gif, webp, heic and pdf';
