/**
 * The week's less frequent actions: paste a block, copy last week. Their code is not needed to draw the
 * week, so the page loads this module just after the first render (and waits for it if a user is faster).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ClipboardEvent, Dispatch, KeyboardEvent, SetStateAction } from 'react';
import type { TimeRecordListItem } from '../../../contract/time.ts';
import type { ApiClient } from '../../api/client.ts';
import { describeError } from '../../api/errors.ts';
import { formatCell, type DurationFormat } from '../../lib/duration.ts';
import { parseDuration } from '../../lib/parse-duration.ts';
import { previousWeek, weekDates, weekRange } from '../../lib/week.ts';
import { toast } from '../../ui/toast.tsx';
import { weekRecordsQueryOptions } from './api.ts';
import { cellKey, selectionBounds, splitCellKey, type CellChange, type GridStore, type RowInfo } from './grid-store.ts';
import { commit, markInvalid, preview, revert, rowHasTime, setSelection, undo } from './grid-edits.ts';
import { parseTsv, toTsv } from './tsv.ts';
import { discard, pendingBetween, refused, retry, save } from './save-requests.ts';
import type { Saver } from './saver.ts';
import type { CellEdit } from './week-grid.tsx';
import { liteTask, NO_TASK, syncStore, type Names, type TaskLite } from './model.ts';
import { rememberTask } from './recent-tasks.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Pastes a tab-separated block from a spreadsheet at (row, col): valid cells are saved, others marked. */
export function pasteBlock(p: WeekPage, row: number, col: number, text: string) {
  const { store } = p;
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
      else if (!store.cell(key).locked) markInvalid(store, key, value.trim(), parsed.message);
    }),
  );
  const done = commit(store, changes);
  saveChanges(p, done);
  const skipped = block.flat().length - done.length;
  toast(`Pasted ${plural(done.length, 'cell')}${skipped > 0 ? ` (${skipped} unchanged, locked or outside the week)` : ''}.`, 'success');
}

/** Adds last week's task rows, and with `withHours` its time on days this week leaves empty. */
export async function copyLastWeek(input: WeekPage, withHours: boolean) {
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
    input.setHidden((h) => new Set([...h].filter((k) => !tasks.has(k))));
    let copied = 0;
    if (withHours) {
      // The rows must exist before their cells take values: lay them in first.
      const { dates, records, names, locks } = input;
      const pending = pendingBetween(input.saver, input.from, input.to);
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
      const done = commit(store, changes);
      saveChanges(input, done);
      copied = done.length;
    }
    if (tasks.size === 0) toast('Last week has no time on tasks to copy.');
    else toast(`Copied ${plural(tasks.size, 'row')}${withHours ? ` and ${plural(copied, 'day')} of time` : ''} from last week.`, 'success');
  } catch (e) {
    toast(`Could not read last week. ${describeError(e)}`, 'error');
  }
}

// ---- a cell's keys, paste and copy (the grid draws its cells without them, see ./lazy-week-actions.ts) ----

/** Totals follow the draft while it reads as a duration. */
export function previewCell(c: CellEdit) {
  const draft = c.draft();
  if (draft === null || c.store.cell(c.cellId).locked) return;
  const parsed = parseDuration(draft);
  if (parsed.ok) preview(c.store, c.cellId, parsed.seconds);
}

/** Commits a typed value and saves it. */
export function commitChange(p: WeekPage, key: string, seconds: number) {
  saveChanges(p, commit(p.store, [{ key, seconds }]));
}

/** Saves the draft (or marks it when it is not a duration). */
export function commitCell(c: CellEdit) {
  const draft = c.draft();
  if (draft === null) return;
  c.setDraft(null);
  const parsed = parseDuration(draft);
  if (!parsed.ok) markInvalid(c.store, c.cellId, draft, parsed.message);
  else c.actions.commit(c.cellId, parsed.seconds);
}

function move(c: CellEdit, dr: number, dc: number) {
  const { rows, cols, focusCell } = c.nav.current;
  const ci = cols.indexOf(c.col);
  let r = c.row + dr;
  let i = ci + dc;
  if (i >= cols.length) {
    i = 0;
    r += 1;
  } else if (i < 0) {
    i = cols.length - 1;
    r -= 1;
  }
  if (r < 0 || r >= rows) return false;
  setSelection(c.store, null);
  return focusCell(r, cols[i]!);
}

function extend(c: CellEdit, dr: number, dc: number) {
  const { rows, cols, focusCell } = c.nav.current;
  const { row, col } = c;
  const sel = c.store.getSelection() ?? { anchor: { row, col }, focus: { row, col } };
  const ci = cols.indexOf(sel.focus.col) + dc;
  const r = sel.focus.row + dr;
  if (r < 0 || r >= rows || ci < 0 || ci >= cols.length) return;
  setSelection(c.store, { anchor: sel.anchor, focus: { row: r, col: cols[ci]! } });
  focusCell(r, cols[ci]!);
}

type KeyInput = Pick<KeyboardEvent<HTMLInputElement>, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'currentTarget' | 'preventDefault'>;

export function cellKeyDown(c: CellEdit, e: KeyInput) {
  const input = e.currentTarget;
  const draft = c.draft();
  const cell = c.store.cell(c.cellId);
  const all = input.selectionStart === 0 && input.selectionEnd === input.value.length;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && (e.key === 'z' || e.key === 'Z') && !e.shiftKey) {
    e.preventDefault();
    if (draft !== null) {
      c.setDraft(null);
      revert(c.store, c.cellId);
    } else c.actions.undo();
    return;
  }
  if (e.shiftKey && e.key.startsWith('Arrow')) {
    e.preventDefault();
    commitCell(c);
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key] as [number, number];
    extend(c, d[0], d[1]);
    return;
  }
  switch (e.key) {
    case 'Enter':
      e.preventDefault();
      commitCell(c);
      if (e.shiftKey) c.actions.openComment(c.cellId);
      else move(c, 1, 0);
      return;
    case 'Escape':
      if (draft !== null || cell.invalid) {
        e.preventDefault();
        c.setDraft(null);
        revert(c.store, c.cellId);
        requestAnimationFrame(() => input.select());
      }
      return;
    case 'Tab':
      commitCell(c);
      if (move(c, 0, e.shiftKey ? -1 : 1)) e.preventDefault();
      return;
    case 'ArrowUp':
    case 'ArrowDown':
      e.preventDefault();
      commitCell(c);
      move(c, e.key === 'ArrowUp' ? -1 : 1, 0);
      return;
    case 'ArrowLeft':
      if (all || input.selectionStart === 0) {
        e.preventDefault();
        commitCell(c);
        move(c, 0, -1);
      }
      return;
    case 'ArrowRight':
      if (all || input.selectionEnd === input.value.length) {
        e.preventDefault();
        commitCell(c);
        move(c, 0, 1);
      }
      return;
    case 'Delete':
    case 'Backspace':
      if (cell.locked) return;
      if (e.key === 'Delete' || (all && draft === null)) {
        if (!all && draft !== null) return;
        e.preventDefault();
        c.setDraft(null);
        c.actions.commit(c.cellId, 0);
      }
      return;
  }
}

/** A block from a spreadsheet (tabs or lines) fills the cells from this one; a single value is typed as usual. */
export function cellPaste(c: CellEdit, e: ClipboardEvent<HTMLInputElement>) {
  const data = e.clipboardData.getData('text/plain');
  if (!/[\t\n]/.test(data.replace(/\r?\n$/, ''))) return;
  e.preventDefault();
  c.setDraft(null);
  c.actions.paste(c.row, c.col, data);
}

/** Copies the selected block (or the whole cell) as a spreadsheet takes it. */
export function copyBlock(store: GridStore, e: ClipboardEvent<HTMLTableElement>, format: DurationFormat) {
  const sel = store.getSelection();
  const target = e.target as HTMLInputElement;
  if (!sel && target.selectionStart !== 0) return;
  const r = sel
    ? selectionBounds(sel)
    : {
        top: Number(target.dataset.r),
        bottom: Number(target.dataset.r),
        left: Number(target.dataset.c),
        right: Number(target.dataset.c),
      };
  if (Number.isNaN(r.top)) return;
  const list = store.rows();
  const block: string[][] = [];
  for (let i = r.top; i <= r.bottom; i++) {
    const row: string[] = [];
    for (let col = r.left; col <= r.right; col++) row.push(formatCell(store.cell(cellKey(list[i]!.key, col)).seconds, format));
    block.push(row);
  }
  e.clipboardData.setData('text/plain', toTsv(block));
  e.preventDefault();
}

// ---- what was done before this code arrived ----

/** Types `text` into the input where the caret is, as the browser would have. */
function typeInto(input: HTMLInputElement, text: string, from = input.selectionStart ?? 0, to = input.selectionEnd ?? from) {
  if (input.readOnly) return;
  input.setRangeText(text, Math.max(0, from), to, 'end');
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A key pressed before this code arrived, pressed again in the cell that has the focus now (an earlier key
 * may have moved it); what the grid leaves to the browser (a character, Backspace inside a draft) is done here.
 */
export function replayKey(k: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  const input = document.activeElement;
  if (!(input instanceof HTMLInputElement)) return;
  if (!input.dispatchEvent(new window.KeyboardEvent('keydown', { ...k, bubbles: true, cancelable: true }))) return;
  const from = input.selectionStart ?? 0;
  const to = input.selectionEnd ?? from;
  if (k.key.length === 1 && !k.ctrlKey && !k.metaKey && !k.altKey) typeInto(input, k.key);
  else if (k.key === 'Backspace') typeInto(input, '', from === to ? from - 1 : from, to);
  else if (k.key === 'Delete') typeInto(input, '', from, from === to ? to + 1 : to);
  else if (k.key === 'ArrowLeft' || k.key === 'ArrowRight') {
    const at = k.key === 'ArrowLeft' ? (from === to ? Math.max(0, from - 1) : from) : from === to ? to + 1 : to;
    input.setSelectionRange(at, at);
  }
}

/** A paste before this code arrived: a block fills the cells, a single value goes where the caret is. */
export function replayPaste(c: CellEdit, data: string) {
  if (/[\t\n]/.test(data.replace(/\r?\n$/, ''))) {
    c.setDraft(null);
    c.actions.paste(c.row, c.col, data);
    return;
  }
  const input = document.activeElement;
  if (input instanceof HTMLInputElement) typeInto(input, data.replace(/\r?\n$/, ''));
}

// ---- the page's actions on cells and rows ----

/** What the page lends these actions: the week as it is drawn now, and its state's setters. */
export interface WeekPage {
  api: ApiClient;
  queryClient: QueryClient;
  userId: number;
  weekId: number;
  weekStart: number;
  dates: string[];
  from: string;
  to: string;
  records: TimeRecordListItem[];
  names: Names;
  locks: string[][];
  store: GridStore;
  saver: Saver;
  extraRows: TaskLite[];
  setExtraRows: (rows: TaskLite[]) => void;
  setHidden: Dispatch<SetStateAction<ReadonlySet<string>>>;
  /** Opens the comment dialog on a cell. */
  comment: (key: string) => void;
  /** Asks before removing a row that holds time (null: done asking). */
  confirmRemove: (row: RowInfo | null) => void;
}

export const taskOf = (row: RowInfo): TaskLite => ({ id: row.taskId!, name: row.name, projects: row.projects, status: row.status });

/** Sends committed cells to the saver; a task given time joins the recent tasks. */
export function saveChanges(p: WeekPage, changes: CellChange[]) {
  const rows = new Map(p.store.rows().map((r) => [r.key, r]));
  for (const ch of changes) {
    const { rowKey, day } = splitCellKey(ch.key);
    const row = rows.get(rowKey);
    if (!row) continue;
    const task = row.taskId ? taskOf(row) : null;
    save(p.saver, { task, date: p.dates[day]!, seconds: ch.seconds, recordId: p.store.cell(ch.key).recordId });
    if (task && ch.seconds > 0) rememberTask(p.userId, task);
  }
}

const cellOf = (p: WeekPage, key: string): [string | null, string] => {
  const { rowKey, day } = splitCellKey(key);
  return [rowKey === NO_TASK ? null : rowKey, p.dates[day]!];
};

export const retryCell = (p: WeekPage, key: string) => retry(p.saver, ...cellOf(p, key));

export function dismissCell(p: WeekPage, key: string) {
  const [taskId, date] = cellOf(p, key);
  discard(p.saver, [{ taskId, date }]);
}

/** Gives up every change the server refused (the banner's Dismiss). */
export const dismissRefused = (p: WeekPage) => discard(p.saver, refused(p.saver));

export function undoStep(p: WeekPage) {
  const changes = undo(p.store);
  if (changes.length) {
    saveChanges(p, changes);
    toast(`Undone: ${plural(changes.length, 'cell')} restored.`);
  }
}

export function openComment(p: WeekPage, key: string) {
  const c = p.store.cell(key);
  if (c.locked) return;
  if (c.seconds === 0) {
    toast('Enter time in the cell first: a comment belongs to the time of the day.');
    return;
  }
  p.comment(key);
}

export function saveComment(p: WeekPage, key: string, comment: string) {
  const { rowKey, day } = splitCellKey(key);
  const row = p.store.rows().find((r) => r.key === rowKey);
  const cell = p.store.cell(key);
  p.store.update(key, { comment, status: 'saving' });
  save(p.saver, { task: row?.taskId ? taskOf(row) : null, date: p.dates[day]!, seconds: cell.seconds, comment, recordId: cell.recordId });
}

const DAYS = [0, 1, 2, 3, 4, 5, 6];

export function removeRow(p: WeekPage, row: RowInfo) {
  const s = p.store;
  if (DAYS.some((d) => s.cell(cellKey(row.key, d)).locked && s.cell(cellKey(row.key, d)).seconds > 0)) {
    toast(`${row.name} has locked time this week, so the row stays.`, 'error');
    return;
  }
  if (rowHasTime(s, row.key)) p.confirmRemove(row);
  else removeRowNow(p, row);
}

export function removeRowNow(p: WeekPage, row: RowInfo) {
  saveChanges(
    p,
    commit(
      p.store,
      DAYS.map((d) => ({ key: cellKey(row.key, d), seconds: 0 })),
    ),
  );
  p.setHidden((h) => new Set([...h, row.key]));
  p.setExtraRows(p.extraRows.filter((t) => t.id !== row.key));
  p.confirmRemove(null);
  p.store.setRows(p.store.rows().filter((r) => r.key !== row.key));
  toast(`Removed ${row.name}.`);
}
