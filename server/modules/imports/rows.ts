import type { ImportSourceName } from '../../../contract/imports.ts';

/** The trackers a file can come from (the contract's list). */
export type ImportSource = ImportSourceName;

export const SOURCE_LABELS: Record<ImportSource, string> = {
  toggl: 'Toggl Track detailed report',
  clockify: 'Clockify detailed report',
  harvest: 'Harvest detailed time report',
  kimai: 'Kimai timesheet export',
  csv: 'CSV with chosen columns',
};

/** One time entry of an export, the same whatever tracker it came from. */
export interface ImportRow {
  /** Line of the file the entry starts on (1 = the header). */
  line: number;
  person: { email?: string; name: string };
  /** '' when the entry has no client. */
  client: string;
  project: string;
  /** Absent when the entry has no task: it then goes to a task named for the project. */
  task?: string;
  note: string;
  billable: boolean;
  /** The date the source shows, YYYY-MM-DD. */
  date: string;
  /** HH:MM:SS as the source shows it, when it has one. */
  start?: string;
  end?: string;
  seconds: number;
  sourceId?: string;
}

/** A line of the file that could not be read, and why. */
export interface RowProblem {
  line: number;
  message: string;
}

/** A file that cannot be read at all (wrong source, encoding, cut off): nothing of it is used. */
export class ImportFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}
