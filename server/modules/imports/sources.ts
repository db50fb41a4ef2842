import type { ImportRow, ImportSource } from './rows.ts';
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

export const SOURCES: Record<ImportSource, SourceSpec> = { toggl, clockify, harvest, kimai };
