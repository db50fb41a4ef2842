import { detectSeparator } from '../../../contract/csv.ts';
import { mappedFields, type MappedField } from '../../../contract/import-sources.ts';
import type { ImportMapping } from '../../../contract/imports.ts';

/** The first bytes of a file, enough for its header line. */
const HEAD_BYTES = 64 * 1024;

/** Text of the first bytes, in the encodings the server reads: UTF-16 with BOM, UTF-8, else Windows-1252. */
function decodeHead(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    // The cut at HEAD_BYTES may split a character: `stream` leaves its last bytes undecoded rather than failing.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true }).replace(/^\ufeff/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The column names of a CSV file's header line, read with the same CSV parser as the server. */
export async function readCsvHeader(file: Blob): Promise<string[]> {
  const text = decodeHead(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  if (line.trim() === '') return [];
  const { parse } = await import('csv-parse/browser/esm/sync');
  const [header] = parse(line, { delimiter: detectSeparator(line), relax_quotes: true }) as string[][];
  return (header ?? []).map((h) => h.trim()).filter((h, i, all) => h !== '' && all.indexOf(h) === i);
}

/** Header names each field is often found under, in the languages Timekeep's teams write spreadsheets in. */
const ALIASES: Record<MappedField, string[]> = {
  date: ['date', 'day', 'datum', 'fecha', 'data', 'jour', 'start date'],
  person: ['person', 'user', 'name', 'member', 'employee', 'full name', 'mitarbeiter', 'benutzer', 'usuario', 'utilisateur', 'usuário'],
  email: ['email', 'e-mail', 'mail', 'correo'],
  client: ['client', 'customer', 'kunde', 'cliente'],
  project: ['project', 'projekt', 'proyecto', 'projet', 'projeto'],
  task: ['task', 'activity', 'aufgabe', 'tätigkeit', 'tarea', 'tâche', 'tarefa'],
  note: ['note', 'notes', 'description', 'comment', 'notiz', 'beschreibung', 'descripción', 'commentaire'],
  billable: ['billable', 'billable?', 'abrechenbar', 'facturable', 'faturável'],
  start: ['start', 'start time', 'from', 'begin', 'beginn', 'von', 'inicio', 'début'],
  end: ['end', 'end time', 'to', 'ende', 'bis', 'fin'],
  duration: ['duration', 'hours', 'time', 'dauer', 'stunden', 'duración', 'durée', 'horas', 'heures'],
};

export type Columns = Partial<Record<MappedField, string>>;

/**
 * The columns to start from: the last CSV import's mapping when every column it names is in this header,
 * else each field's column found by its usual names (case does not matter).
 */
export function initialColumns(header: string[], saved: ImportMapping | null): { columns: Columns; fromSaved: boolean } {
  if (saved && Object.values(saved.columns).every((c) => c === undefined || header.includes(c)))
    return { columns: { ...saved.columns }, fromSaved: true };
  const byName = new Map(header.map((h) => [h.toLowerCase(), h]));
  const columns: Columns = {};
  for (const field of mappedFields) {
    const found = ALIASES[field].map((a) => byName.get(a)).find((h) => h !== undefined);
    if (found !== undefined && !Object.values(columns).includes(found)) columns[field] = found;
  }
  return { columns, fromSaved: false };
}

/** What is missing before the mapping can be sent, per field (empty when it can). */
export function mappingProblems(c: Columns): Partial<Record<MappedField, string>> {
  const problems: Partial<Record<MappedField, string>> = {};
  for (const f of ['date', 'person', 'project'] as const) if (!c[f]) problems[f] = 'Choose the column';
  if (!c.duration && !(c.start && c.end)) problems.duration = 'Choose a duration column, or both start and end';
  return problems;
}
