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

export const SOURCES: Record<ImportSource, SourceSpec> = { toggl, clockify, harvest };
