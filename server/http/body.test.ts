import { describe, expect, it } from 'vitest';
import { readBytes } from './body.ts';
import { ApiError } from './errors.ts';

const stream = (parts: string[], fail = false) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
      if (fail) controller.error(new Error('aborted'));
      else controller.close();
    },
  });

describe('readBytes', () => {
  it('reads a body to its end, or stops past the limit', async () => {
    expect((await readBytes(stream(['ab', 'cd']), 10))!.toString()).toBe('abcd');
    expect(await readBytes(stream(['abc', 'def']), 4)).toBeNull();
    expect((await readBytes(null, 4))!.length).toBe(0);
  });

  it('answers a body cut off on the way (a cancelled upload) as the client’s 400, not a server fault', async () => {
    const read = readBytes(stream(['abc'], true), 100);
    await expect(read).rejects.toBeInstanceOf(ApiError);
    await expect(read).rejects.toMatchObject({ status: 400, message: 'The request body was cut off before its end' });
  });
});
