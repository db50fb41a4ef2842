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

/** Toggl Track, Reports → Detailed → Export CSV. */
const toggl: SourceSpec = {
  required: [
    'User',
    'Email',
    'Client',
    'Project',
    'Task',
    'Description',
    'Billable',
    'Start date',
    'Start time',
    'End date',
    'End time',
    'Duration',
  ],
  dateColumn: 'Start date',
  row: (cell, line, order) => ({
    line,
    person: { name: need(cell, 'User'), email: email(cell('Email')) },
    client: cell('Client').trim(),
    project: need(cell, 'Project'),
    task: optional(cell('Task')),
    note: cell('Description').trim(),
    billable: readYesNo('Billable', cell('Billable')),
    date: readDate('Start date', need(cell, 'Start date'), order),
    start: readTime('Start time', need(cell, 'Start time')),
    end: readTime('End time', need(cell, 'End time')),
    seconds: readDuration('Duration', need(cell, 'Duration')),
  }),
};

/** Clockify, Reports → Detailed → Export → Save as CSV (any date format, 12- or 24-hour time). */
const clockify: SourceSpec = {
  required: [
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
  dateColumn: 'Start Date',
  row: (cell, line, order) => ({
    line,
    person: { name: need(cell, 'User'), email: email(cell('Email')) },
    client: cell('Client').trim(),
    project: need(cell, 'Project'),
    task: optional(cell('Task')),
    note: cell('Description').trim(),
    billable: readYesNo('Billable', cell('Billable')),
    date: readDate('Start Date', need(cell, 'Start Date'), order),
    start: readTime('Start Time', need(cell, 'Start Time')),
    end: readTime('End Time', need(cell, 'End Time')),
    // `Duration (h)` keeps the seconds; `Duration (decimal)` is rounded to hundredths of an hour.
    seconds: readDuration('Duration (h)', need(cell, 'Duration (h)')),
  }),
};

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
