import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ImportMapping } from '../../../contract/imports.ts';
import { readImport } from './read.ts';
import { ImportFileError, type ImportRow, type ImportSource } from './rows.ts';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

async function read(source: ImportSource, bytes: Buffer, mapping?: ImportMapping) {
  const rows: ImportRow[] = [];
  // Small chunks, so values and lines are cut across reads as they are with a large file.
  const open = () =>
    Readable.from(
      (function* () {
        for (let i = 0; i < bytes.length; i += 97) yield bytes.subarray(i, i + 97);
      })(),
    );
  const summary = await readImport(source, open, (r) => void rows.push(r), mapping);
  const sum = (key: (r: ImportRow) => string) => {
    const totals: Record<string, number> = {};
    for (const r of rows) totals[key(r)] = (totals[key(r)] ?? 0) + r.seconds;
    return totals;
  };
  return { summary, rows, people: sum((r) => r.person.name), projects: sum((r) => r.project) };
}

async function failure(source: ImportSource, bytes: Buffer, mapping?: ImportMapping): Promise<ImportFileError> {
  try {
    await read(source, bytes, mapping);
  } catch (e) {
    if (e instanceof ImportFileError) return e;
    throw e;
  }
  throw new Error('the file was read');
}

// Worked out by hand from the description in fixtures/generate.ts: 60 weekdays, one entry each per person,
// Ana's 12 Wednesday extras, Björn's 1:00:00 on the night of the clock change, Zoë's 1:15:00 past midnight.
const PEOPLE = { 'Ana Lima': 60 * 7200 + 12 * 1800, 'Björn Ødegård': 60 * 5400 + 3600, 'Zoë Chen': 60 * 2715 + 4500 };
const WEEKDAY = 7200 + 5400 + 2715;
const PROJECTS = {
  'Website redesign': 12 * WEEKDAY,
  'Mobile app': 12 * WEEKDAY + 4500,
  'Brand guide': 12 * WEEKDAY + 12 * 1800,
  'Café menu': 12 * WEEKDAY + 3600,
  'Internal training': 12 * WEEKDAY,
};

/** The first row of a file with start and end times: Ana's Monday morning. */
const ANA_FIRST: ImportRow = {
  line: 2,
  person: { name: 'Ana Lima', email: 'ana.lima@example.test' },
  client: 'Acme Corp',
  project: 'Website redesign',
  task: 'Design',
  note: 'Layouts, first pass',
  billable: true,
  date: '2026-01-05',
  start: '09:00:00',
  end: '11:00:00',
  seconds: 7200,
};

describe('reading exports', () => {
  it('reads a Toggl Track detailed report (UTF-8 with BOM)', async () => {
    const { summary, rows, people, projects } = await read('toggl', fixture('toggl-detailed.csv'));
    expect(summary).toMatchObject({ encoding: 'utf-8', separator: ',', rows: 194, problems: [] });
    expect(people).toEqual({ 'Ana Lima': 453_600, 'Björn Ødegård': 327_600, 'Zoë Chen': 167_400 });
    expect(people).toEqual(PEOPLE);
    expect(projects).toEqual(PROJECTS);
    expect(rows[0]).toEqual(ANA_FIRST);
    // The note quoted over two lines starts on line 11; the next row on line 13.
    expect(rows[9]).toMatchObject({ line: 11, note: 'Review "draft", part 1\nand notes for the team', task: undefined, seconds: 1800 });
    expect(rows[10]).toMatchObject({ line: 13, date: '2026-01-08' });
    expect(rows.find((r) => r.date === '2026-03-29')).toMatchObject({ start: '01:30:00', end: '03:30:00', seconds: 3600 });
    expect(rows.find((r) => r.date === '2026-02-14')).toMatchObject({ start: '23:30:00', end: '00:45:00', seconds: 4500 });
    expect(rows.filter((r) => !r.billable).every((r) => r.project === 'Internal training')).toBe(true);
    expect(rows.filter((r) => r.client === '').length).toBe(12 * 3 + 0);
  });

  it('reads a Clockify detailed report with US dates and 12-hour times', async () => {
    const { summary, rows, people, projects } = await read('clockify', fixture('clockify-detailed-us.csv'));
    expect(summary).toMatchObject({ rows: 194, problems: [], separator: ',' });
    expect(people).toEqual(PEOPLE);
    expect(projects).toEqual(PROJECTS);
    expect(rows.find((r) => r.date === '2026-02-14')).toMatchObject({ start: '23:30:00', end: '00:45:00', seconds: 4500 });
    expect(rows[1]).toMatchObject({ date: '2026-01-05', start: '11:30:00', end: '13:00:00', person: { email: 'bjorn@example.test' } });
  });

  it('reads a Clockify report with day-first dotted dates, 24-hour times and semicolons, in UTF-16LE with BOM (Excel)', async () => {
    const text = fixture('clockify-detailed-eu.csv').toString('utf8');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const { summary, rows, people, projects } = await read('clockify', utf16);
    expect(summary).toMatchObject({ encoding: 'utf-16le', separator: ';', rows: 194, problems: [] });
    expect(people).toEqual(PEOPLE);
    expect(projects).toEqual(PROJECTS);
    expect(rows[0]).toMatchObject({ date: '2026-01-05', person: { name: 'Ana Lima' } });
  });

  it('reads Latin-1 and UTF-8 without BOM alike', async () => {
    const text = fixture('toggl-detailed.csv')
      .toString('utf8')
      .replace(/^\ufeff/, '');
    const latin = await read('toggl', Buffer.from(text, 'latin1'));
    expect(latin.summary.encoding).toBe('windows-1252');
    expect(latin.people).toEqual(PEOPLE);
    expect(latin.projects).toEqual(PROJECTS);
    const plain = await read('toggl', Buffer.from(text, 'utf8'));
    expect(plain.summary.encoding).toBe('utf-8');
    expect(plain.people).toEqual(PEOPLE);
  });

  it('reads a Harvest detailed time report, with decimal points or (tab-separated) decimal commas', async () => {
    // Harvest keeps hundredths of an hour: Zoë's entries are 0.75 h there.
    const harvestPeople = { ...PEOPLE, 'Zoë Chen': 60 * 2700 + 4500 };
    for (const file of ['harvest-detailed.csv', 'harvest-detailed-tab.csv']) {
      const { summary, rows, people, projects } = await read('harvest', fixture(file));
      expect(summary).toMatchObject({ rows: 194, problems: [], separator: file.includes('tab') ? '\t' : ',' });
      expect(people).toEqual(harvestPeople);
      expect(projects['Brand guide']).toBe(12 * (7200 + 5400 + 2700) + 12 * 1800);
      expect(Object.values(projects).reduce((a, b) => a + b)).toBe(947_700);
      expect(rows[0]).toEqual({
        line: 2,
        person: { name: 'Ana Lima' },
        client: 'Acme Corp',
        project: 'Website redesign',
        task: 'Design',
        note: 'Layouts, first pass',
        billable: true,
        date: '2026-01-05',
        seconds: 7200,
      });
    }
  });

  it('reads a Kimai export: local dates with their offset, ISO durations, 1 and 0, activities as tasks', async () => {
    const { summary, rows, people, projects } = await read('kimai', fixture('kimai-export.csv'));
    expect(summary).toMatchObject({ rows: 194, problems: [], separator: ',' });
    expect(people).toEqual(PEOPLE);
    expect(projects).toEqual(PROJECTS);
    expect(rows[0]).toEqual(ANA_FIRST);
    // Without a display name, the login names the person; the email still matches them.
    expect(rows[1]).toMatchObject({ person: { name: 'Björn Ødegård', email: 'bjorn@example.test' } });
    expect(rows[2]).toMatchObject({ task: 'Meetings', seconds: 2715 });
    // The night the clocks go forward (offset +02:00 from that date) and the entry past midnight keep their day.
    expect(rows.find((r) => r.date === '2026-03-29')).toMatchObject({ start: '01:30:00', end: '03:30:00', seconds: 3600 });
    expect(rows.find((r) => r.date === '2026-02-14')).toMatchObject({ start: '23:30:00', end: '00:45:00', seconds: 4500 });
    expect(rows.filter((r) => !r.billable).every((r) => r.project === 'Internal training')).toBe(true);
  });

  it('reads Kimai durations as [h]:mm or decimal hours too, and an export without a Billable column', async () => {
    const text = fixture('kimai-export.csv').toString('utf8');
    const clock = text.replace('P0Y0M0DT2H0M0S0F', '2:00').replace('P0Y0M0DT1H30M0S0F', '1.5');
    const { rows } = await read('kimai', Buffer.from(clock));
    expect(rows.slice(0, 2).map((r) => r.seconds)).toEqual([7200, 5400]);
    // An older export: the column is not there (renamed here, so the rows keep their width).
    const [header, ...rest] = text.split('\r\n');
    expect(header).toContain(',Billable,');
    const old = await read('kimai', Buffer.from([header!.replace(',Billable,', ',Invoice,'), ...rest].join('\r\n')));
    expect(old.summary.rows).toBe(194);
    expect(old.rows.every((r) => r.billable)).toBe(true);
  });

  it('lists a Kimai row with a duration it cannot read, naming the value', async () => {
    const text = fixture('kimai-export.csv').toString('utf8').replace('P0Y0M0DT2H0M0S0F', 'P1M');
    const { summary } = await read('kimai', Buffer.from(text));
    expect(summary.problems).toEqual([{ line: 2, message: 'Line 2: Duration "P1M" is not a duration' }]);
  });

  describe('any other CSV, read by the columns the admin chose', () => {
    const GENERIC = fixture('generic-semicolon.csv');
    const columns = { date: 'Datum', person: 'Mitarbeiter', email: 'E-Mail', client: 'Kunde', project: 'Projekt', task: 'Aufgabe', note: 'Notiz' };
    const withDuration: ImportMapping = {
      columns: { ...columns, start: 'Beginn', end: 'Ende', duration: 'Dauer', billable: 'Abrechenbar' },
      dateOrder: 'auto',
    };

    it('reads every field from its chosen column, day-first dates decided from the file', async () => {
      const { summary, rows, people, projects } = await read('csv', GENERIC, withDuration);
      expect(summary).toMatchObject({ rows: 194, problems: [], separator: ';' });
      expect(people).toEqual(PEOPLE);
      expect(projects).toEqual(PROJECTS);
      expect(rows[0]).toEqual(ANA_FIRST);
      expect(rows.filter((r) => !r.billable).every((r) => r.project === 'Internal training')).toBe(true);
    });

    it('takes the duration from start to end when no column holds it, past midnight too', async () => {
      const { rows, people } = await read('csv', GENERIC, { columns: { ...columns, start: 'Beginn', end: 'Ende' }, dateOrder: 'dmy' });
      expect(rows.find((r) => r.date === '2026-02-14')).toMatchObject({ start: '23:30:00', end: '00:45:00', seconds: 4500 });
      // The file's times have no seconds: Zoë's 14:00 to 14:45 is 45 minutes; the night the clocks go forward
      // counts the wall clock's two hours. Without a billable column, time is billable.
      expect(people['Zoë Chen']).toBe(60 * 2700 + 4500);
      expect(people['Björn Ødegård']).toBe(PEOPLE['Björn Ødegård'] + 3600);
      expect(rows.every((r) => r.billable)).toBe(true);
    });

    it('reads day and month in the order the mapping says', async () => {
      // Every date of the file has its day first; read month-first, 05/01/2026 is the first of May.
      const { rows, summary } = await read('csv', GENERIC, { ...withDuration, dateOrder: 'mdy' });
      expect(rows[0]!.date).toBe('2026-05-01');
      expect(summary.problems[0]).toMatchObject({ message: expect.stringMatching(/Datum ".*" is not a date/) });
    });

    it('refuses a file without a chosen column, naming it, and a csv without a mapping', async () => {
      const e = await failure('csv', GENERIC, { ...withDuration, columns: { ...withDuration.columns, task: 'Tätigkeit' } });
      expect(e.message).toBe('Line 1: the header lacks the column Tätigkeit chosen in the mapping.');
      expect((await failure('csv', GENERIC)).message).toBe('A CSV of another shape needs a mapping: which column holds each field');
    });
  });

  it('names the missing columns and the likely source when the wrong source is chosen', async () => {
    const e = await failure('clockify', fixture('toggl-detailed.csv'));
    expect(e.line).toBe(1);
    expect(e.message).toBe(
      'Line 1: this is not a Clockify detailed report: the header lacks the columns Duration (h), Duration (decimal). It looks like a Toggl Track detailed report: choose that source.',
    );
    expect((await failure('toggl', fixture('harvest-detailed.csv'))).message).toContain('It looks like a Harvest detailed time report');
  });

  it('refuses a file cut in the middle of a row or of a quoted value, naming the line', async () => {
    const text = fixture('toggl-detailed.csv').toString('utf8');
    const lines = text.split('\r\n');
    const midRow = lines.slice(0, 40).join('\r\n') + '\r\n' + lines[40]!.slice(0, 30);
    // Two notes quoted over two lines come before: record 40 starts on line 43.
    expect(await failure('toggl', Buffer.from(midRow))).toMatchObject({
      line: 43,
      message: expect.stringMatching(/^Line 43: the file ends in the middle of a row \(\d+ of 14 columns\), so it looks cut off$/),
    });
    const midQuote = text.slice(0, text.indexOf('and notes for the team'));
    expect(await failure('toggl', Buffer.from(midQuote))).toMatchObject({
      line: 11,
      message: 'Line 11: a quoted value is never closed, so the file looks cut off',
    });
  });

  it('refuses an empty file', async () => {
    expect(await failure('harvest', Buffer.alloc(0))).toMatchObject({ line: 1, message: 'The file is empty: it has no header line' });
  });

  it('lists rows it cannot read with their line and reason, and reads the rest', async () => {
    const lines = fixture('harvest-detailed.csv').toString('utf8').split('\r\n');
    lines[2] = lines[2]!.replace('2026-01-05', '2026-13-45');
    lines[3] = lines[3]!.replace(',0.75,0.75,', ',soon,0.75,');
    lines[4] = lines[4]!.replace(',2.00,2.00,', ',0.00,0.00,');
    lines[5] = lines[5]!.replace(',Björn,Ødegård,', ',,,');
    const { summary } = await read('harvest', Buffer.from(lines.join('\r\n')));
    expect(summary.rows).toBe(190);
    expect(summary.problems).toEqual([
      { line: 3, message: 'Line 3: Date "2026-13-45" is not a date' },
      { line: 4, message: 'Line 4: Hours "soon" is not a duration' },
      { line: 5, message: 'Line 5: the entry has no time (its duration is 0)' },
      { line: 6, message: 'Line 6: First Name is empty' },
    ]);
  });
});
