import type { Timecard } from '../../../contract/timecards.ts';
import type { TimeOffAssignment } from '../../../contract/timeoff.ts';
import type { TimeRecordListItem } from '../../../contract/time.ts';

export interface ReviewCell {
  seconds: number;
  comment: string;
}

export interface ReviewRow {
  key: string;
  task: string;
  project: string;
  cells: ReviewCell[];
  total: number;
}

export interface ReviewWeek {
  rows: ReviewRow[];
  dayTotals: number[];
  total: number;
  /** Per day: the timecard, if any. */
  timecards: (Timecard | undefined)[];
  /** Per day: time off covering it. */
  timeOff: TimeOffAssignment[][];
}

const NO_TASK = 'none';

/**
 * A person's week as the reviewer reads it: one row per task (by project, then task; time without a
 * task last) with each day's seconds and comment, daily and weekly totals, and each day's timecard and
 * time off. `projectName` names a task's first project ('' when unknown).
 */
export function reviewWeek(
  records: readonly TimeRecordListItem[],
  dates: readonly string[],
  extras: { timecards?: readonly Timecard[]; timeOff?: readonly TimeOffAssignment[]; projectName: (projectId: string) => string },
): ReviewWeek {
  const index = new Map(dates.map((d, i) => [d, i]));
  const rows = new Map<string, ReviewRow>();
  for (const r of records) {
    const day = index.get(r.date);
    if (day === undefined) continue;
    const key = r.task?.id ?? NO_TASK;
    let row = rows.get(key);
    if (!row) {
      const project = r.task?.projects[0];
      row = {
        key,
        task: r.task?.name ?? 'Time without a task',
        project: project ? extras.projectName(project) : '',
        cells: dates.map(() => ({ seconds: 0, comment: '' })),
        total: 0,
      };
      rows.set(key, row);
    }
    row.cells[day] = { seconds: row.cells[day]!.seconds + r.time, comment: r.comment };
    row.total += r.time;
  }
  const ordered = [...rows.values()].sort((a, b) => {
    if (a.key === NO_TASK) return 1;
    if (b.key === NO_TASK) return -1;
    return a.project.localeCompare(b.project) || a.task.localeCompare(b.task);
  });
  const dayTotals = dates.map((_, i) => ordered.reduce((s, r) => s + r.cells[i]!.seconds, 0));
  return {
    rows: ordered,
    dayTotals,
    total: dayTotals.reduce((a, b) => a + b, 0),
    timecards: dates.map((d) => extras.timecards?.find((c) => c.date === d)),
    timeOff: dates.map((d) => (extras.timeOff ?? []).filter((t) => t.startDate <= d && t.endDate >= d)),
  };
}
