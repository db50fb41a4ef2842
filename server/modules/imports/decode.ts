import { Transform, type Readable } from 'node:stream';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** How the bytes of a file are written: its encoding, told by its byte order mark or by whether it is valid UTF-8. */
export async function detectEncoding(open: () => Readable): Promise<TextEncoding> {
  const stream = open();
  let first = true;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (first) {
        first = false;
        if (chunk[0] === 0xff && chunk[1] === 0xfe) return 'utf-16le';
        if (chunk[0] === 0xfe && chunk[1] === 0xff) return 'utf-16be';
        // Without a mark, UTF-16 shows as a NUL byte beside every ASCII character.
        if (chunk.length >= 4 && chunk[0] !== 0 && chunk[1] === 0 && chunk[3] === 0) return 'utf-16le';
        if (chunk.length >= 4 && chunk[0] === 0 && chunk[1] !== 0 && chunk[2] === 0) return 'utf-16be';
      }
      utf8.decode(chunk, { stream: true });
    }
    utf8.decode();
    return 'utf-8';
  } catch {
    // Not UTF-8: Excel and older tools write Latin-1 (Windows-1252).
    return 'windows-1252';
  } finally {
    stream.destroy();
  }
}

/** A stream turning the file's bytes into text (a byte order mark is dropped). */
export function decoder(encoding: TextEncoding): Transform {
  const d = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, done) {
      done(null, d.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, d.decode());
    },
  });
}

export { detectSeparator, type Separator } from '../../../contract/csv.ts';
import type { Separator } from '../../../contract/csv.ts';

export const separatorName = (s: Separator) => (s === ',' ? 'comma' : s === ';' ? 'semicolon' : 'tab');
