import { importMapping, type ImportMapping } from '../../../contract/imports.ts';
import { ImportFileError, type ImportRow, type ImportSource } from './rows.ts';
import { readDate, readDuration, readTime, readYesNo, RowValueError, type DateOrder } from './values.ts';

/** The values of one row by column name. */
export type Cells = (column: string) => string;

export interface SourceSpec {
  /** Columns the export always has (as the product names them). */
  required: string[];
  /** The column holding the date, to decide the order of day and month. */
  dateColumn: string;
  row(cell: Cells, line: number, order: DateOrder): ImportRow;
}

const need = (cell: Cells, column: string) => {
  const v = cell(column).trim();
  if (!v) throw new RowValueError(`${column} is empty`);
  return v;
};
const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());
const email = (v: string) => optional(v)?.toLowerCase();

/** The columns of a detailed report with start and end times (Toggl Track and Clockify name them apart). */
interface StartEndColumns {
  user: string;
  email: string;
  client: string;
  project: string;
  task: string;
  note: string;
  billable: string;
  startDate: string;
  startTime: string;
  endTime: string;
  /** The duration with its seconds. */
  duration: string;
}

function startEndReport(required: string[], c: StartEndColumns): SourceSpec {
  return {
    required,
    dateColumn: c.startDate,
    row: (cell, line, order) => ({
      line,
      person: { name: need(cell, c.user), email: email(cell(c.email)) },
      client: cell(c.client).trim(),
      project: need(cell, c.project),
      task: optional(cell(c.task)),
      note: cell(c.note).trim(),
      billable: readYesNo(c.billable, cell(c.billable)),
      date: readDate(c.startDate, need(cell, c.startDate), order),
      start: readTime(c.startTime, need(cell, c.startTime)),
      end: readTime(c.endTime, need(cell, c.endTime)),
      seconds: readDuration(c.duration, need(cell, c.duration)),
    }),
  };
}

/** Toggl Track, Reports → Detailed → Export CSV. */
const toggl = startEndReport(
  ['User', 'Email', 'Client', 'Project', 'Task', 'Description', 'Billable', 'Start date', 'Start time', 'End date', 'End time', 'Duration'],
  {
    user: 'User',
    email: 'Email',
    client: 'Client',
    project: 'Project',
    task: 'Task',
    note: 'Description',
    billable: 'Billable',
    startDate: 'Start date',
    startTime: 'Start time',
    endTime: 'End time',
    duration: 'Duration',
  },
);

/** Clockify, Reports → Detailed → Export → Save as CSV (any date format, 12- or 24-hour time). */
const clockify = startEndReport(
  [
    'Project',
    'Client',
    'Description',
    'Task',
    'User',
    'Email',
    'Tags',
    'Billable',
    'Start Date',
    'Start Time',
    'End Date',
    'End Time',
    'Duration (h)',
    'Duration (decimal)',
  ],
  {
    user: 'User',
    email: 'Email',
    client: 'Client',
    project: 'Project',
    task: 'Task',
    note: 'Description',
    billable: 'Billable',
    startDate: 'Start Date',
    startTime: 'Start Time',
    endTime: 'End Time',
    // `Duration (h)` keeps the seconds; `Duration (decimal)` is rounded to hundredths of an hour.
    duration: 'Duration (h)',
  },
);

/** Harvest, Reports → Detailed time → Export → CSV: hours in decimal (point or comma), no email. */
const harvest: SourceSpec = {
  required: ['Date', 'Client', 'Project', 'Task', 'Notes', 'Hours', 'Billable?', 'First Name', 'Last Name'],
  dateColumn: 'Date',
  row: (cell, line, order) => ({
    line,
    person: { name: [cell('First Name').trim(), cell('Last Name').trim()].filter(Boolean).join(' ') || need(cell, 'First Name') },
    client: cell('Client').trim(),
    project: need(cell, 'Project'),
    task: optional(cell('Task')),
    note: cell('Notes').trim(),
    billable: readYesNo('Billable?', cell('Billable?')),
    date: readDate('Date', need(cell, 'Date'), order),
    seconds: readDuration('Hours', need(cell, 'Hours')),
  }),
};

/** A date that may carry its time and offset (`2026-01-05T09:00:00+01:00`): the day as the source's user saw it. */
const dayOf = (v: string) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v);

/**
 * Kimai, Times → Export → CSV, with the English column names. Dates come as the user's local date and time
 * with its offset, From and To as HH:mm, the duration as an ISO 8601 interval (or [h]:mm, or decimal hours when
 * the user exports decimals), booleans as 1 and 0; an activity is a task. Name is the display name (empty when
 * none is set), User the login.
 */
const kimai: SourceSpec = {
  required: ['Date', 'From', 'To', 'Duration', 'User', 'Customer', 'Project', 'Activity', 'Description'],
  dateColumn: 'Date',
  row: (cell, line, order) => ({
    line,
    person: { name: optional(cell('Name')) ?? need(cell, 'User'), email: email(cell('E-mail')) },
    client: cell('Customer').trim(),
    project: need(cell, 'Project'),
    task: optional(cell('Activity')),
    note: cell('Description').trim(),
    // Older exports have no Billable column: Kimai counts a record billable unless marked otherwise.
    billable: cell('Billable').trim() === '' ? true : readYesNo('Billable', cell('Billable')),
    date: readDate('Date', dayOf(need(cell, 'Date')), order),
    start: readTime('From', need(cell, 'From')),
    end: readTime('To', need(cell, 'To')),
    seconds: readDuration('Duration', need(cell, 'Duration')),
  }),
};

/** The trackers' own exports, each read by its known columns. */
export type TrackerSource = Exclude<ImportSource, 'csv'>;
export const SOURCES: Record<TrackerSource, SourceSpec> = { toggl, clockify, harvest, kimai };

/** Seconds from a start to an end time of one day, across midnight when the end is earlier. */
const between = (start: string, end: string) => {
  const s = (t: string) => t.split(':').reduce((a, v) => a * 60 + Number(v), 0);
  return (s(end) - s(start) + 86400) % 86400;
};

/**
 * Any other CSV, read by the columns the admin chose (see importMapping): dates in any of the orders a locale
 * writes them (the mapping's, or decided from the file), durations as H:MM(:SS), decimal hours with a point or a
 * comma, or ISO 8601; without a duration, the time from start to end (past midnight when the end is earlier).
 */
export function mappedSpec(m: ImportMapping): SourceSpec {
  const c = m.columns;
  const opt = (cell: Cells, column: string | undefined) => (column === undefined ? undefined : optional(cell(column)));
  return {
    required: [...new Set(Object.values(c).filter((v): v is string => v !== undefined))],
    dateColumn: c.date,
    row: (cell, line, order) => {
      const start = c.start && opt(cell, c.start) !== undefined ? readTime(c.start, cell(c.start)) : undefined;
      const end = c.end && opt(cell, c.end) !== undefined ? readTime(c.end, cell(c.end)) : undefined;
      let seconds: number;
      if (c.duration) seconds = readDuration(c.duration, need(cell, c.duration));
      else if (start !== undefined && end !== undefined) seconds = between(start, end);
      else throw new RowValueError(`${start === undefined ? c.start : c.end} is empty`);
      return {
        line,
        person: { name: need(cell, c.person), email: c.email ? email(cell(c.email)) : undefined },
        client: opt(cell, c.client) ?? '',
        project: need(cell, c.project),
        task: opt(cell, c.task),
        note: opt(cell, c.note) ?? '',
        // Without a billable column, time is billable as the project decides (new projects are billable).
        billable: c.billable ? readYesNo(c.billable, cell(c.billable)) : true,
        date: readDate(c.date, dayOf(need(cell, c.date)), m.dateOrder === 'auto' ? order : m.dateOrder),
        ...(start !== undefined ? { start } : {}),
        ...(end !== undefined ? { end } : {}),
        seconds,
      };
    },
  };
}

/** How a file of `source` reads: its tracker's columns, or for `csv` the mapping (without one, nothing can be read). */
export function specOf(source: ImportSource, mapping: ImportMapping | null | undefined): SourceSpec {
  if (source !== 'csv') return SOURCES[source];
  if (!mapping) throw new ImportFileError(1, 'A CSV of another shape needs a mapping: which column holds each field');
  return mappedSpec(mapping);
}

/**
 * A mapping as JSON (the API's `mapping` query value, the CLI's `--mapping` file), checked: the mapping, or one
 * sentence naming what is wrong with it.
 */
export function parseMapping(json: string): { mapping: ImportMapping } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { problem: 'The mapping is not JSON' };
  }
  const r = importMapping.safeParse(value);
  if (r.success) return { mapping: r.data };
  const issue = r.error.issues[0]!;
  return { problem: `The mapping's ${issue.path.join('.') || 'value'}: ${issue.message}` };
}
