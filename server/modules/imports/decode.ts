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

const SEPARATORS = [',', ';', '\t'] as const;
export type Separator = (typeof SEPARATORS)[number];

/** The separator of a CSV file: the one its header line uses most, outside quotes (comma when none). */
export function detectSeparator(headerLine: string): Separator {
  const counts = new Map<Separator, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as Separator)) counts.set(ch as Separator, counts.get(ch as Separator)! + 1);
  }
  let best: Separator = ',';
  for (const s of SEPARATORS) if (counts.get(s)! > counts.get(best)!) best = s;
  return best;
}

export const separatorName = (s: Separator) => (s === ',' ? 'comma' : s === ';' ? 'semicolon' : 'tab');
