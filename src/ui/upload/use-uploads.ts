import { useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '../../api/upload.ts';
import { describeError } from '../../api/errors.ts';
import { isRefusal } from '../../api/save-errors.ts';
import { refusal, type FileRules } from './file-checks.ts';

/** Sends one file; the drop zone passes progress and cancellation in. */
export type Uploader<T> = (file: File, options: { onProgress: (progress: UploadProgress) => void; signal: AbortSignal }) => Promise<T>;

/**
 * `refused`: the file broke the drop zone's rules and was not sent; `rejected`: the server refused it (a 4xx
 * answer: its type, size, quota), which sending it again cannot change; `failed`: the transfer did not
 * complete (no connection, a server fault, 401, 408 or 429), so it may be retried.
 */
export type UploadStatus = 'uploading' | 'done' | 'failed' | 'cancelled' | 'refused' | 'rejected';

export interface UploadItem<T> {
  id: number;
  file: File;
  status: UploadStatus;
  /** 0–1 while uploading; null when the browser cannot tell. */
  progress: number | null;
  /** Why it failed or was refused. */
  message?: string;
  result?: T;
  /** An object URL of the image, for its thumbnail; revoked when the item goes. */
  preview?: string;
}

let nextId = 1;
const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** What became of an upload that did not complete: a server's refusal is final; a failed transfer may be retried. */
export function outcomeOf(e: unknown): { status: 'cancelled' | 'rejected' | 'failed'; message?: string } {
  if (isAbort(e)) return { status: 'cancelled' };
  return { status: isRefusal(e) ? 'rejected' : 'failed', message: describeError(e) };
}

/** The files of one drop zone and what happens to each: checked, sent with progress, cancelled, retried, removed. */
export function useUploads<T>({ upload, rules, onUploaded, onRemoved }: { upload: Uploader<T>; rules: FileRules; onUploaded?: (result: T, file: File) => void; onRemoved?: (result: T) => void }) {
  const [items, setItems] = useState<UploadItem<T>[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const live = useRef<UploadItem<T>[]>([]);
  useEffect(() => {
    live.current = items;
  }, [items]);
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
      for (const item of live.current) if (item.preview) URL.revokeObjectURL(item.preview);
    };
  }, []);

  const patch = (id: number, change: Partial<UploadItem<T>>) => setItems((list) => list.map((it) => (it.id === id ? { ...it, ...change } : it)));

  const start = (id: number, file: File) => {
    const controller = new AbortController();
    controllers.current.set(id, controller);
    patch(id, { status: 'uploading', progress: 0, message: undefined });
    upload(file, { signal: controller.signal, onProgress: (p) => patch(id, { progress: p.fraction }) })
      .then((result) => {
        patch(id, { status: 'done', progress: 1, result });
        onUploaded?.(result, file);
      })
      .catch((e: unknown) => patch(id, outcomeOf(e)))
      .finally(() => controllers.current.delete(id));
  };

  const add = (files: Iterable<File>) => {
    const added: UploadItem<T>[] = [...files].map((file) => {
      const message = refusal(file, rules);
      const preview = !message && file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
      return { id: nextId++, file, status: message ? 'refused' : 'uploading', progress: 0, message: message ?? undefined, preview };
    });
    setItems((list) => [...list, ...added]);
    for (const item of added) if (item.status === 'uploading') start(item.id, item.file);
  };

  const cancel = (id: number) => controllers.current.get(id)?.abort();

  const retry = (id: number) => {
    const item = items.find((it) => it.id === id);
    if (item && (item.status === 'failed' || item.status === 'cancelled')) start(id, item.file);
  };

  const remove = (id: number) => {
    const item = items.find((it) => it.id === id);
    controllers.current.get(id)?.abort();
    if (item?.preview) URL.revokeObjectURL(item.preview);
    setItems((list) => list.filter((it) => it.id !== id));
    if (item?.status === 'done' && item.result !== undefined) onRemoved?.(item.result);
  };

  return { items, add, cancel, retry, remove };
}
