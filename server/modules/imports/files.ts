import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MAX_IMPORT_BYTES } from '../../../contract/imports.ts';
import { ApiError, badRequest } from '../../http/errors.ts';

/** Uploaded exports live under the data directory, one file per import, named by the server. */
const dirOf = (dataDir: string) => path.join(dataDir, 'imports');
const KEY = /^t\d+_[0-9a-f]{32}\.csv$/;

export function importFilePath(dataDir: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid import file key ${JSON.stringify(key)}`);
  return path.join(dirOf(dataDir), key);
}

export const openImportFile = (dataDir: string, key: string) => (): Readable => fs.createReadStream(importFilePath(dataDir, key));

export const removeImportFile = (dataDir: string, key: string) => fs.promises.rm(importFilePath(dataDir, key), { force: true });

/** Streams a request body to a new file of the team (at most MAX_IMPORT_BYTES); answers its key. */
export async function saveImportFile(dataDir: string, teamId: number, body: ReadableStream<Uint8Array> | null): Promise<string> {
  const key = `t${teamId}_${crypto.randomBytes(16).toString('hex')}.csv`;
  await fs.promises.mkdir(dirOf(dataDir), { recursive: true });
  const file = await fs.promises.open(importFilePath(dataDir, key), 'wx');
  let total = 0;
  try {
    if (body) {
      const reader = body.getReader();
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch {
          throw badRequest('The request body was cut off before its end');
        }
        if (chunk.done) break;
        total += chunk.value.byteLength;
        if (total > MAX_IMPORT_BYTES) {
          await reader.cancel().catch(() => undefined);
          throw new ApiError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
        }
        await file.write(chunk.value);
      }
    }
  } catch (e) {
    await file.close();
    await removeImportFile(dataDir, key);
    throw e;
  }
  await file.close();
  return key;
}
