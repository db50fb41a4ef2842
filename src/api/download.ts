import type { CredentialSource } from './client.ts';
import { ApiError, NetworkError, toErrorBody } from './errors.ts';
import * as attachments from './operations/attachments.ts';
import { pathOf, queryString, type QueryValue } from './operation.ts';

export interface DownloadOptions {
  baseUrl: string;
  credential: Pick<CredentialSource, 'headers' | 'refresh'> | null;
  signal?: AbortSignal;
}

/**
 * The bytes of a file the API answers at `path` (with `query`): an attachment, an invoice's PDF, a report's export.
 * Read with the same credential as every other call (downloads need it: the files are the team's), with one
 * refresh on 401.
 */
export async function downloadFile(path: string, query: Record<string, QueryValue> | undefined, opts: DownloadOptions): Promise<Blob> {
  const url = opts.baseUrl.replace(/\/+$/, '') + path + queryString(query);
  let refreshed = false;
  for (;;) {
    const headers = opts.credential ? await opts.credential.headers({ method: 'GET', url }) : {};
    let res: Response;
    try {
      res = await fetch(url, { headers, signal: opts.signal ?? null, credentials: 'omit' });
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      throw new NetworkError(opts.baseUrl, { cause: e });
    }
    if (res.ok) return res.blob();
    if (res.status === 401 && !refreshed && opts.credential?.refresh) {
      refreshed = true;
      if (await opts.credential.refresh(res)) continue;
    }
    throw new ApiError(res.status, toErrorBody(res.status, res.statusText, await res.json().catch(() => undefined)));
  }
}

/** The bytes of an attachment (`GET /attachments/{token}/download`). */
export const downloadAttachment = (token: string, opts: DownloadOptions) =>
  downloadFile(pathOf(attachments.download.path, { token }), undefined, opts);

/** Hands a file to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
