import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

/** Where attachment bytes live. Keys are made by the server (see `newStorageKey`), never from user input. */
export interface AttachmentStorage {
  /** Stores `data` under `key`; the key becomes visible only once the whole file is written. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** A stream of the file and its size, or null when it is missing. */
  open(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  remove(key: string): Promise<void>;
  /** Removes partial writes left by a crash, older than `olderThanMs`. Answers how many. */
  removeStalePartials(now: Date, olderThanMs: number): Promise<number>;
}

const KEY = /^[A-Za-z0-9_-]{1,100}$/;
const PARTIAL_PREFIX = '.partial-';

/** A random key, prefixed with the team for easier operations work. */
export const newStorageKey = (teamId: number) => `t${teamId}_${crypto.randomBytes(16).toString('hex')}`;

function checkKey(key: string) {
  if (!KEY.test(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
}

/** Files in one directory: written to a partial name, fsynced, then renamed. */
export function filesystemStorage(dir: string): AttachmentStorage {
  const resolved = path.resolve(dir);
  const ensure = () => fs.promises.mkdir(resolved, { recursive: true });
  const file = (key: string) => {
    checkKey(key);
    return path.join(resolved, key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await ensure();
      const partial = path.join(resolved, `${PARTIAL_PREFIX}${key}-${crypto.randomBytes(4).toString('hex')}`);
      try {
        const handle = await fs.promises.open(partial, 'wx', 0o600);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(partial, target);
      } catch (e) {
        await fs.promises.rm(partial, { force: true });
        throw e;
      }
    },
    async open(key) {
      const target = file(key);
      try {
        const stat = await fs.promises.stat(target);
        const stream = Readable.toWeb(fs.createReadStream(target)) as ReadableStream<Uint8Array>;
        return { stream, size: stat.size };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async remove(key) {
      await fs.promises.rm(file(key), { force: true });
    },
    async removeStalePartials(now, olderThanMs) {
      let names: string[];
      try {
        names = await fs.promises.readdir(resolved);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names.filter((n) => n.startsWith(PARTIAL_PREFIX))) {
        const p = path.join(resolved, name);
        const stat = await fs.promises.stat(p).catch(() => null);
        if (stat && now.getTime() - stat.mtimeMs > olderThanMs) {
          await fs.promises.rm(p, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

const byDir = new Map<string, AttachmentStorage>();
/** The storage of a deployment: `${dataDir}/attachments`. */
export function storageFor(config: { dataDir: string }): AttachmentStorage {
  const dir = path.join(config.dataDir, 'attachments');
  let s = byDir.get(dir);
  if (!s) byDir.set(dir, (s = filesystemStorage(dir)));
  return s;
}
