/**
 * The week's less frequent actions: paste a block, copy last week. Their code is not needed to draw the
 * week, so the page loads this module just after the first render (and waits for it if a user is faster).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TimeRecordListItem } from '../../../contract/time.ts';
import type { ApiClient } from '../../api/client.ts';
import { describeError } from '../../api/errors.ts';
import { parseDuration } from '../../lib/duration.ts';
import { previousWeek, weekDates, weekRange } from '../../lib/week.ts';
import { toast } from '../../ui/toast.tsx';
import { weekRecordsQueryOptions } from './api.ts';
import { cellKey, parseTsv, type CellChange, type GridStore } from './grid-store.ts';
import { liteTask, NO_TASK, syncStore, type Names, type PendingCell, type TaskLite } from './model.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Pastes a tab-separated block from a spreadsheet at (row, col): valid cells are saved, others marked. */
export function pasteBlock(store: GridStore, save: (changes: CellChange[]) => void, row: number, col: number, text: string) {
  const rows = store.rows();
  const block = parseTsv(text);
  const changes: CellChange[] = [];
  block.forEach((line, r) =>
    line.forEach((value, c) => {
      const target = rows[row + r];
      const d = col + c;
      if (!target || d > 6) return;
      const key = cellKey(target.key, d);
      const parsed = parseDuration(value);
      if (parsed.ok) changes.push({ key, seconds: parsed.seconds });
      else if (!store.cell(key).locked) store.markInvalid(key, value.trim(), parsed.message);
    }),
  );
  const done = store.commit(changes);
  save(done);
  const skipped = block.flat().length - done.length;
  toast(`Pasted ${plural(done.length, 'cell')}${skipped > 0 ? ` (${skipped} unchanged, locked or outside the week)` : ''}.`, 'success');
}

export interface CopyWeekInput {
  api: ApiClient;
  queryClient: QueryClient;
  userId: number;
  weekId: number;
  weekStart: number;
  store: GridStore;
  save: (changes: CellChange[]) => void;
  /** What the grid shows now, to lay the copied rows in before their cells take values. */
  dates: string[];
  records: TimeRecordListItem[];
  names: Names;
  locks: string[][];
  pending: PendingCell[];
  extraRows: TaskLite[];
  setExtraRows: (rows: TaskLite[]) => void;
  /** Shows rows the user had removed again when last week has them. */
  unhide: (keys: Set<string>) => void;
}

/** Adds last week's task rows, and with `withHours` its time on days this week leaves empty. */
export async function copyLastWeek(input: CopyWeekInput, withHours: boolean) {
  const { store, extraRows } = input;
  const prev = previousWeek(input.weekId);
  const range = weekRange(prev, input.weekStart);
  const prevDates = weekDates(prev, input.weekStart);
  try {
    const last = await input.queryClient.fetchQuery(weekRecordsQueryOptions(input.api, input.userId, range.from, range.to));
    const tasks = new Map<string, TaskLite>();
    for (const r of last) if (r.task && r.time > 0) tasks.set(r.task.id, liteTask(r.task));
    const current = new Set(store.rows().map((r) => r.key));
    const newRows = [...tasks.values()].filter((t) => !current.has(t.id) && !extraRows.some((e) => e.id === t.id));
    input.setExtraRows([...extraRows, ...newRows]);
    input.unhide(new Set(tasks.keys()));
    let copied = 0;
    if (withHours) {
      // The rows must exist before their cells take values: lay them in first.
      const { dates, records, names, locks, pending } = input;
      syncStore(store, { dates, records, extraRows: [...extraRows, ...newRows], names, locks, pending, keepRows: true, hidden: new Set() });
      const changes: CellChange[] = [];
      for (const r of last) {
        const d = prevDates.indexOf(r.date);
        if (d < 0 || r.time <= 0) continue;
        const key = cellKey(r.task?.id ?? NO_TASK, d);
        const cell = store.cell(key);
        if (cell.seconds > 0 || cell.locked) continue;
        changes.push({ key, seconds: r.time });
      }
      const done = store.commit(changes);
      input.save(done);
      copied = done.length;
    }
    if (tasks.size === 0) toast('Last week has no time on tasks to copy.');
    else toast(`Copied ${plural(tasks.size, 'row')}${withHours ? ` and ${plural(copied, 'day')} of time` : ''} from last week.`, 'success');
  } catch (e) {
    toast(`Could not read last week. ${describeError(e)}`, 'error');
  }
}
