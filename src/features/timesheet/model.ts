import type { Client } from '../../../contract/clients.ts';
import type { Project } from '../../../contract/projects.ts';
import type { Task } from '../../../contract/tasks.ts';
import type { TimeRecordListItem } from '../../../contract/time.ts';
import type { Approval } from '../../../contract/timesheets.ts';
import { dayNameOf } from '../../../contract/weeks.ts';
import { cellKey, type GridStore, type RowInfo } from './grid-store.ts';

/** What a row needs of a task, small enough to keep in local storage with unsaved work. */
export interface TaskLite {
  id: string;
  name: string;
  projects: string[];
  status: 'open' | 'closed';
}

export const NO_TASK = 'none';
export const INVOICED_REASON = 'The time is invoiced';

export const liteTask = (t: Pick<Task, 'id' | 'name' | 'projects' | 'status'>): TaskLite => ({
  id: t.id,
  name: t.name,
  projects: t.projects,
  status: t.status,
});

export interface Names {
  projects: Map<string, Pick<Project, 'name' | 'client'>>;
  clients: Map<number, string>;
}

export function namesOf(projects: Project[] | undefined, clients: Client[] | undefined): Names {
  return {
    projects: new Map((projects ?? []).map((p) => [p.id, { name: p.name, client: p.client }])),
    clients: new Map((clients ?? []).map((c) => [c.id, c.name])),
  };
}

export function rowFor(task: TaskLite | null, names: Names): RowInfo {
  if (!task) return { key: NO_TASK, taskId: null, name: 'Time without a task', projectName: '', clientName: '', status: 'open', projects: [] };
  const project = task.projects[0] ? names.projects.get(task.projects[0]) : undefined;
  return {
    key: task.id,
    taskId: task.id,
    name: task.name,
    projectName: project?.name ?? '',
    clientName: project?.client != null ? (names.clients.get(project.client) ?? '') : '',
    status: task.status,
    projects: task.projects,
  };
}

/** Rows ordered by project, then task name; time without a task last. */
export function sortRows(rows: RowInfo[]): RowInfo[] {
  return [...rows].sort((a, b) => {
    if (a.taskId === null) return 1;
    if (b.taskId === null) return -1;
    return a.projectName.localeCompare(b.projectName) || a.name.localeCompare(b.name) || a.key.localeCompare(b.key);
  });
}

/**
 * Why each day of the week is locked by its approval: a pending request locks the whole week (it is
 * read-only until withdrawn), approved days stay locked. An admin on another user's week is told to
 * reopen the week first (reject it, which reopens its days). `auto`: the team's automatic lock, per day (the timesheet's `autoLocks`).
 */
export function dayLockReasons(approval: Approval | null | undefined, dates: string[], othersWeek?: boolean, auto?: string[][]): string[][] {
  return dates.map((date, i) => {
    const reasons = [...(auto?.[i] ?? [])];
    if (!approval) return reasons;
    const name = dayNameOf(date);
    if (approval.approvedDays[name]) reasons.push(othersWeek ? 'Approved: reopen the week first to change it' : 'Approved: approved days cannot change');
    if (approval.status === 'pending')
      reasons.push(othersWeek ? 'The week is pending approval: reopen the week first' : 'The week is pending approval: withdraw the request to edit it');
    return reasons;
  });
}

export interface PendingCell {
  taskId: string | null;
  date: string;
  seconds: number;
  comment?: string | undefined;
  /** `failed` is sent again on its own; `refused` (the server said no) waits for the user. */
  status: 'saving' | 'failed' | 'refused';
  error: string | null;
  recordId: number | null;
  task?: TaskLite | null;
}

export interface SyncInput {
  dates: string[];
  records: TimeRecordListItem[];
  /** Rows kept for this week although they have no time (added by the user). */
  extraRows: TaskLite[];
  names: Names;
  locks: string[][];
  pending: PendingCell[];
  /** Rows already on screen stay even when their time went (no rows vanish while typing). */
  keepRows: boolean;
  /** Rows the user removed: left out unless they still hold time. */
  hidden?: ReadonlySet<string>;
}

/** Lays the server's records, the unsaved changes and the locks into the store. */
export function syncStore(store: GridStore, input: SyncInput) {
  const { dates, records, names, locks, pending } = input;
  const dayIndex = new Map(dates.map((d, i) => [d, i]));
  const rows = new Map<string, RowInfo>();
  if (input.keepRows) for (const r of store.rows()) if (!input.hidden?.has(r.key)) rows.set(r.key, r);
  const byCell = new Map<string, TimeRecordListItem>();
  for (const r of records) {
    const day = dayIndex.get(r.date);
    if (day === undefined) continue;
    const row = rowFor(r.task ? liteTask(r.task) : null, names);
    rows.set(row.key, row);
    byCell.set(cellKey(row.key, day), r);
  }
  for (const t of input.extraRows) if (!rows.has(t.id)) rows.set(t.id, rowFor(t, names));
  const pendingByCell = new Map<string, PendingCell>();
  for (const p of pending) {
    const day = dayIndex.get(p.date);
    if (day === undefined) continue;
    const key = p.taskId ?? NO_TASK;
    if (!rows.has(key)) rows.set(key, rowFor(p.taskId ? (p.task ?? input.extraRows.find((t) => t.id === p.taskId) ?? { id: p.taskId, name: p.taskId, projects: [], status: 'open' }) : null, names));
    pendingByCell.set(cellKey(key, day), p);
  }
  // Names may arrive after the rows: refresh them.
  for (const [k, r] of rows) if (r.taskId && !r.projectName && r.projects[0]) rows.set(k, rowFor({ id: r.taskId, name: r.name, projects: r.projects, status: r.status }, names));

  const ordered = sortRows([...rows.values()]);
  store.setRows(ordered);
  for (const row of ordered) {
    for (let day = 0; day < dates.length; day++) {
      const key = cellKey(row.key, day);
      const rec = byCell.get(key);
      const p = pendingByCell.get(key);
      const reasons = [...locks[day]!, ...(rec?.isInvoiced ? [INVOICED_REASON] : [])];
      const locked = reasons.length > 0 || (rec?.isLocked ?? false);
      const lockReasons = locked && reasons.length === 0 ? ['Locked on the server'] : reasons;
      const current = store.cell(key);
      const sameReasons = current.lockReasons.join('\n') === lockReasons.join('\n');
      if (p) {
        // A refused value stays in the cell with its reason, but the cell and the totals keep the server's.
        const refused = p.status === 'refused' ? { seconds: p.seconds, message: p.error ?? 'Refused by the server' } : null;
        const seconds = refused ? (rec?.time ?? 0) : p.seconds;
        store.update(key, {
          seconds,
          shown: current.invalid || current.shown !== current.seconds ? current.shown : seconds,
          recordId: rec?.id ?? p.recordId,
          comment: p.comment ?? rec?.comment ?? current.comment,
          locked,
          lockReasons: sameReasons ? current.lockReasons : lockReasons,
          status: p.status,
          error: p.error,
          refused,
        });
      } else {
        const seconds = rec?.time ?? 0;
        const editing = current.shown !== current.seconds;
        store.update(key, {
          seconds,
          shown: editing ? current.shown : seconds,
          recordId: rec?.id ?? null,
          comment: rec?.comment ?? '',
          locked,
          lockReasons: sameReasons ? current.lockReasons : lockReasons,
          status: current.status === 'saving' || current.status === 'failed' || current.status === 'refused' ? 'idle' : current.status,
          error: null,
          refused: null,
        });
      }
    }
  }
}
