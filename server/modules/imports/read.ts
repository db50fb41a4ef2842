import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { decoder, detectEncoding, detectSeparator, type Separator, type TextEncoding } from './decode.ts';
import { ImportFileError, SOURCE_LABELS, type ImportRow, type ImportSource, type RowProblem } from './rows.ts';
import { SOURCES, specOf, type SourceSpec, type TrackerSource } from './sources.ts';
import type { ImportMapping } from '../../../contract/imports.ts';
import { DateOrderVote, RowValueError, type DateOrder } from './values.ts';

/** At most this many unreadable rows are listed; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 1000;

interface CsvRecord {
  fields: string[];
  /** The line the record starts on. */
  line: number;
  separator: Separator;
}

/** The records of a CSV file, streamed, each with the line it starts on (quoted values may span lines). */
async function* records(open: () => Readable, encoding: TextEncoding): AsyncGenerator<CsvRecord> {
  const text = open().pipe(decoder(encoding));
  const chunks = text[Symbol.asyncIterator]() as AsyncIterator<string>;
  let first = await chunks.next();
  while (!first.done && first.value === '') first = await chunks.next();
  if (first.done) return;
  const head = first.value;
  const separator = detectSeparator(head.split(/\r?\n/, 1)[0] ?? '');
  const source = Readable.from(
    (async function* () {
      yield head;
      for (let c = await chunks.next(); !c.done; c = await chunks.next()) if (c.value !== '') yield c.value;
    })(),
  );
  const parser = source.pipe(parse({ delimiter: separator, relax_column_count: true, skip_empty_lines: true, info: true }));
  let lastEnd = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const inside = record.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0);
      lastEnd = info.lines;
      yield { fields: record, line: info.lines - inside, separator };
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED')
      throw new ImportFileError(lastEnd + 1, `Line ${lastEnd + 1}: a quoted value is never closed, so the file looks cut off`);
    if (typeof code === 'string' && code.startsWith('CSV_')) {
      const line = Number((e as { lines?: number }).lines ?? lastEnd + 1);
      throw new ImportFileError(
        line,
        `Line ${line}: this is not readable CSV (${code === 'CSV_INVALID_CLOSING_QUOTE' ? 'a quote in the middle of a value' : 'broken quoting'})`,
      );
    }
    throw e;
  } finally {
    text.destroy();
  }
}

const norm = (s: string) => s.trim().toLowerCase();

/** The column positions of a header, or an ImportFileError naming the missing columns (and the likely source). */
function checkHeader(source: ImportSource, spec: SourceSpec, header: string[], separator: Separator): Map<string, number> {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(norm(name))) index.set(norm(name), i);
  });
  const missing = spec.required.filter((c) => !index.has(norm(c)));
  if (missing.length === 0) return index;
  const likely = (Object.keys(SOURCES) as TrackerSource[]).find((s) => s !== source && SOURCES[s].required.every((c) => index.has(norm(c))));
  const hint = likely
    ? ` It looks like a ${SOURCE_LABELS[likely]}: choose that source.`
    : header.length === 1
      ? ` The line has a single column: the file may not be CSV, or its separator (${JSON.stringify(separator)}) was not recognised.`
      : '';
  const lacks = `the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;
  throw new ImportFileError(
    1,
    source === 'csv' ? `Line 1: ${lacks} chosen in the mapping.${hint}` : `Line 1: this is not a ${SOURCE_LABELS[source]}: ${lacks}.${hint}`,
  );
}

export interface ReadSummary {
  encoding: TextEncoding;
  separator: Separator;
  /** Rows read (problems not counted). */
  rows: number;
  /** Rows that could not be read, with line and reason (the first MAX_LISTED_PROBLEMS). */
  problems: RowProblem[];
  problemCount: number;
}

/**
 * Reads an export of `source` from the file `open` gives (called more than once: a first pass decides the
 * encoding and the order of day and month, the second reads the rows), handing each readable row to `onRow`.
 * A file that cannot be read as a whole (wrong source, cut off, broken quoting) throws ImportFileError naming
 * the line; rows that cannot be read are listed with their line and reason.
 */
export async function readImport(
  source: ImportSource,
  open: () => Readable,
  onRow: (row: ImportRow) => void | Promise<void>,
  mapping?: ImportMapping | null,
): Promise<ReadSummary> {
  const spec = specOf(source, mapping);
  const encoding = await detectEncoding(open);
  const vote = new DateOrderVote();
  await pass(true);
  const order: DateOrder = vote.decide();
  const summary: ReadSummary = { encoding, separator: ',', rows: 0, problems: [], problemCount: 0 };
  summary.separator = await pass(false);
  return summary;

  async function pass(scan: boolean): Promise<Separator> {
    const it = records(open, encoding);
    const head = await it.next();
    if (head.done) throw new ImportFileError(1, 'The file is empty: it has no header line');
    const columns = checkHeader(source, spec, head.value.fields, head.value.separator);
    const width = head.value.fields.length;
    const dateAt = columns.get(norm(spec.dateColumn))!;
    const separator = head.value.separator;
    let current = await it.next();
    while (!current.done) {
      const next = await it.next();
      const { fields, line } = current.value;
      if (fields.length < width && next.done)
        throw new ImportFileError(
          line,
          `Line ${line}: the file ends in the middle of a row (${fields.length} of ${width} columns), so it looks cut off`,
        );
      if (scan) vote.see(fields[dateAt] ?? '');
      else await readOne(fields, line, columns, width);
      current = next;
    }
    return separator;
  }

  async function readOne(fields: string[], line: number, columns: Map<string, number>, width: number) {
    const problem = (message: string) => {
      summary.problemCount++;
      if (summary.problems.length < MAX_LISTED_PROBLEMS) summary.problems.push({ line, message });
    };
    if (fields.length !== width) return problem(`Line ${line} has ${fields.length} values where the header has ${width}`);
    let row: ImportRow;
    try {
      row = spec.row((c) => fields[columns.get(norm(c)) ?? -1] ?? '', line, order);
    } catch (e) {
      if (e instanceof RowValueError) return problem(`Line ${line}: ${e.message}`);
      throw e;
    }
    if (row.seconds <= 0) return problem(`Line ${line}: the entry has no time (its duration is 0)`);
    summary.rows++;
    await onRow(row);
  }
}
