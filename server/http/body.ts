import { badRequest } from './errors.ts';

/**
 * Reads a request body stream to its end, or null as soon as it passes `limit` bytes (the rest is left
 * unread). A body cut off on the way (the client cancelled an upload, or its connection dropped) is the
 * client's doing: a 400, not a server fault.
 */
export async function readBytes(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer | null> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw badRequest('The request body was cut off before its end');
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
