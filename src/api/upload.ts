import { ATTACHMENT_UPLOAD_PATH } from '../../contract/attachment-limits.ts';
import type { Attachment } from '../../contract/attachments.ts';
import type { CredentialSource } from './client.ts';
import { ApiError, NetworkError, toErrorBody } from './errors.ts';

/**
 * File uploads as multipart/form-data (or the file itself as the body) with real progress. They go through XMLHttpRequest because fetch
 * reports no upload progress; authentication is the same credential source the API client uses (its
 * headers per request, DPoP proofs included, and one refresh on 401).
 */

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1, or null when the browser cannot tell the total. */
  fraction: number | null;
}

export interface UploadOptions {
  baseUrl: string;
  /** Path at the root of the API, e.g. `/attachments`. */
  path: string;
  file: File;
  /** Sent as the `name` part when the file should be stored under another name (multipart only). */
  name?: string;
  /**
   * Sends the file itself as the body with this Content-Type (e.g. `text/csv`) instead of a multipart form;
   * any name then goes in the path's query.
   */
  rawAs?: string;
  credential: Pick<CredentialSource, 'headers' | 'refresh'> | null;
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels the upload; the promise rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Tests pass a stand-in; the browser's own by default. */
  createXhr?: () => XMLHttpRequest;
}

/** Bytes sent as a fraction of the total, kept within 0–1; null when the total is unknown. */
export function progressOf(loaded: number, total: number, lengthComputable: boolean): UploadProgress {
  if (!lengthComputable || !(total > 0)) return { loaded, total, fraction: null };
  return { loaded, total, fraction: Math.min(1, Math.max(0, loaded / total)) };
}

interface Answer {
  status: number;
  statusText: string;
  text: string;
  header: (name: string) => string | null;
}

const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');

function send(url: string, headers: Record<string, string>, opts: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(aborted());
    const xhr = opts.createXhr ? opts.createXhr() : new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => opts.onProgress?.(progressOf(e.loaded, e.total, e.lengthComputable));
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText, header: (n) => xhr.getResponseHeader(n) });
    };
    xhr.onerror = xhr.ontimeout = () => {
      done();
      reject(new NetworkError(opts.baseUrl));
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    opts.signal?.addEventListener('abort', onAbort);
    if (opts.rawAs) {
      xhr.setRequestHeader('Content-Type', opts.rawAs);
      xhr.send(opts.file);
      return;
    }
    const body = new FormData();
    body.append('file', opts.file, opts.file.name);
    if (opts.name) body.append('name', opts.name);
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Uploads one file to `path`; resolves with the server's JSON answer, rejects with `ApiError`, `NetworkError` or an `AbortError`. */
export async function uploadFile(opts: UploadOptions): Promise<unknown> {
  const url = opts.baseUrl.replace(/\/+$/, '') + opts.path;
  let refreshed = false;
  for (;;) {
    const headers = opts.credential ? await opts.credential.headers({ method: 'POST', url }) : {};
    const answer = await send(url, headers, opts);
    const json = parseJson(answer.text);
    if (answer.status >= 200 && answer.status < 300) return json;
    if (answer.status === 401 && !refreshed && opts.credential?.refresh) {
      refreshed = true;
      const challenge: Record<string, string> = {};
      for (const name of ['WWW-Authenticate', 'DPoP-Nonce']) {
        const value = answer.header(name);
        if (value !== null) challenge[name] = value;
      }
      if (await opts.credential.refresh(new Response(answer.text, { status: 401, headers: challenge }))) continue;
    }
    throw new ApiError(answer.status, toErrorBody(answer.status, answer.statusText, json));
  }
}

/** Uploads a file to the team's attachments (receipts); answers the attachment to link to an expense. */
export function uploadAttachment(opts: Omit<UploadOptions, 'path'>): Promise<Attachment> {
  return uploadFile({ ...opts, path: ATTACHMENT_UPLOAD_PATH }) as Promise<Attachment>;
}
