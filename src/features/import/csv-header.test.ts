import { describe, expect, it } from 'vitest';
import { initialColumns, mappingProblems, readCsvHeader } from './csv-header.ts';

const blob = (...parts: BlobPart[]) => new Blob(parts);

describe('reading a CSV header in the browser', () => {
  it('reads semicolons, tabs and quoted commas, in UTF-8 with BOM, UTF-16LE (Excel) and Latin-1', async () => {
    expect(await readCsvHeader(blob('\ufeffDatum;Mitarbeiter;"Projekt; Name"\r\n1;2;3\r\n'))).toEqual([
      'Datum',
      'Mitarbeiter',
      'Projekt; Name',
    ]);
    expect(await readCsvHeader(blob('Date\tUser\tHours\n'))).toEqual(['Date', 'User', 'Hours']);
    expect(await readCsvHeader(blob('"Client, full",Project,Hours\n'))).toEqual(['Client, full', 'Project', 'Hours']);
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...'Día;Usuario\r\n'].map((c) => c.charCodeAt(0))).buffer),
    ]);
    expect(await readCsvHeader(blob(utf16))).toEqual(['Día', 'Usuario']);
    expect(await readCsvHeader(blob(new Uint8Array([0x44, 0xe9, 0x62, 0x75, 0x74, 0x2c, 0x46, 0x69, 0x6e, 0x0a])))).toEqual([
      'Début',
      'Fin',
    ]);
    expect(await readCsvHeader(blob(''))).toEqual([]);
  });

  it('starts from the last mapping when its columns are all in the file, else from usual names', () => {
    const header = ['Datum', 'Mitarbeiter', 'Projekt', 'Dauer', 'Kommentar'];
    const saved = {
      columns: { date: 'Datum', person: 'Mitarbeiter', project: 'Projekt', duration: 'Dauer', note: 'Kommentar' },
      dateOrder: 'dmy' as const,
    };
    expect(initialColumns(header, saved)).toEqual({ columns: saved.columns, fromSaved: true });
    expect(initialColumns(header, { ...saved, columns: { ...saved.columns, task: 'Aufgabe' } })).toEqual({
      columns: { date: 'Datum', person: 'Mitarbeiter', project: 'Projekt', duration: 'Dauer' },
      fromSaved: false,
    });
    // One column serves one field: "Start date" is the date, not also the start time.
    expect(initialColumns(['Start date', 'User', 'Project', 'Hours'], null).columns).toEqual({
      date: 'Start date',
      person: 'User',
      project: 'Project',
      duration: 'Hours',
    });
  });

  it('names what is missing: date, person, project, and a duration or both start and end', () => {
    expect(mappingProblems({})).toEqual({
      date: 'Choose the column',
      person: 'Choose the column',
      project: 'Choose the column',
      duration: 'Choose a duration column, or both start and end',
    });
    expect(mappingProblems({ date: 'a', person: 'b', project: 'c', start: 'd' })).toEqual({
      duration: 'Choose a duration column, or both start and end',
    });
    expect(mappingProblems({ date: 'a', person: 'b', project: 'c', start: 'd', end: 'e' })).toEqual({});
  });
});
