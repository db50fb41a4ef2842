import type { Context } from 'hono';
import { attachmentName, MAX_ATTACHMENT_BYTES, uploadAttachmentBody } from '../../../contract/attachments.ts';
import type { AppEnv } from '../../http/env.ts';
import { readBytes } from '../../http/body.ts';
import { ApiError, badRequest, fieldError, invalid, issuesToErrors, validationError } from '../../http/errors.ts';
import { assertSafeJson } from '../../http/json-input.ts';

/** A file as received, before its type is checked. */
export interface ReceivedFile {
  name: string;
  bytes: Buffer;
  /** The body field the bytes came from, for error messages (`content` or `file`). */
  field: 'content' | 'file';
}

const tooLarge = () => new ApiError(413, `The file is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`);
/** Room for the multipart boundaries and headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** base64 of the largest file, plus the JSON around it. */
export const JSON_LIMIT = Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4 + 64 * 1024;

/** Reads the request body, stopping as soon as it passes `limit` bytes. */
async function readLimited(c: Context<AppEnv>, limit: number): Promise<Buffer> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > limit) throw tooLarge();
  const bytes = await readBytes(c.req.raw.body, limit);
  if (!bytes) throw tooLarge();
  return bytes;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Strict base64 (standard or URL-safe, padding optional, whitespace ignored; a `data:` prefix is allowed). */
export function decodeBase64(input: string): Buffer | null {
  const s = input.replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/, '').replace(/\s+/g, '');
  if (s.length % 4 === 1) return null;
  if (BASE64.test(s)) {
    if (s.includes('=') && s.length % 4 !== 0) return null;
    return Buffer.from(s, 'base64');
  }
  if (BASE64URL.test(s)) return Buffer.from(s, 'base64url');
  return null;
}

function checkName(name: string): string {
  const r = attachmentName.safeParse(name);
  if (!r.success) throw new ApiError(422, r.error.issues[0]?.message ?? 'Invalid file name', issuesToErrors(r.error.issues, 'name'));
  return r.data;
}

/** Reads an upload in either body form: JSON `{name, content}` or multipart/form-data with a `file` part. */
export async function receiveUpload(c: Context<AppEnv>): Promise<ReceivedFile> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const raw = await readLimited(c, MAX_ATTACHMENT_BYTES + MULTIPART_OVERHEAD);
    let form: FormData;
    try {
      form = await new Request('http://upload.local/', {
        method: 'POST',
        headers: { 'content-type': c.req.header('content-type')! },
        body: new Uint8Array(raw),
      }).formData();
    } catch {
      throw badRequest('Malformed multipart body');
    }
    const file = form.get('file');
    if (!(file instanceof File)) throw fieldError(Object.fromEntries(form), 'file', 'A file part named file is required');
    const explicit = form.get('name');
    const name = checkName(typeof explicit === 'string' && explicit.trim() !== '' ? explicit : file.name);
    if (file.size > MAX_ATTACHMENT_BYTES) throw tooLarge();
    return { name, bytes: Buffer.from(await file.arrayBuffer()), field: 'file' };
  }
  if (type !== '' && !type.startsWith('application/json')) throw new ApiError(415, 'Send application/json or multipart/form-data');
  const text = (await readLimited(c, JSON_LIMIT)).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON in request body');
  }
  assertSafeJson(json);
  const r = uploadAttachmentBody.safeParse(json);
  if (!r.success) throw validationError(r.error.issues, json);
  return fileFromJson(r.data);
}

/** The file of a JSON upload `{name, content}` (`content` in base64). */
export function fileFromJson(body: { name: string; content: string }): ReceivedFile {
  const bytes = decodeBase64(body.content);
  if (!bytes) throw invalid('content', 'content must be the file encoded in base64');
  if (bytes.length > MAX_ATTACHMENT_BYTES) throw tooLarge();
  return { name: checkName(body.name), bytes, field: 'content' };
}

/** `Content-Disposition` with an ASCII fallback and the exact name in RFC 5987 form (RFC 6266). */
export function contentDisposition(name: string): string {
  // eslint-disable-next-line no-control-regex
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_').replace(/[\u0000-\u001f]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
