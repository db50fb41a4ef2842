import { describe, expect, it, vi } from 'vitest';
import type { TimeRecordListItem } from '../../../contract/time.ts';
import { canUndo, commit, keysWith, markInvalid, preview, revert, setSelection, undo } from './grid-edits.ts';
import { cellKey, GridStore, selectionBounds } from './grid-store.ts';
import { parseTsv, toTsv } from './tsv.ts';
import { dayLockReasons, namesOf, syncStore } from './model.ts';

const dates = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
const task = (id: string, name: string) =>
  ({ id, name, type: 'task', projects: ['ev:1'], section: null, labels: [], position: 0, description: '', dueAt: null, status: 'open', time: { total: 0, users: {} }, estimate: null, attributes: {}, metrics: {}, unbillable: false, createdAt: '2026-01-01 00:00:00' }) as const;
const rec = (id: number, t: ReturnType<typeof task> | null, date: string, time: number, extra: Partial<TimeRecordListItem> = {}): TimeRecordListItem => ({
  id,
  time,
  user: 1,
  date,
  task: t ? { ...t, labels: [], projects: [...t.projects] } : null,
  isLocked: false,
  isInvoiced: false,
  comment: '',
  ...extra,
});
const names = namesOf([{ id: 'ev:1', name: 'Harbour', client: 3 } as never], [{ id: 3, name: 'Bluefin' } as never]);
const A = task('ev:10', 'Design');
const B = task('ev:11', 'Build');

function loaded(records: TimeRecordListItem[], locks = dates.map(() => [] as string[])) {
  const store = new GridStore(7);
  syncStore(store, { dates, records, extraRows: [], names, locks, pending: [], keepRows: true });
  return store;
}

describe('grid store', () => {
  it('lays records into rows (project order, time without a task last) with totals', () => {
    const store = loaded([rec(1, A, dates[0]!, 3600), rec(2, B, dates[0]!, 1800), rec(3, null, dates[1]!, 900), rec(4, A, dates[1]!, 5400)]);
    expect(store.rows().map((r) => r.name)).toEqual(['Build', 'Design', 'Time without a task']);
    expect(store.rows()[0]).toMatchObject({ projectName: 'Harbour', clientName: 'Bluefin' });
    expect(store.rowTotal('ev:10')).toBe(9000);
    expect(store.dayTotal(0)).toBe(5400);
    expect(store.dayTotal(1)).toBe(6300);
    expect(store.weekTotal()).toBe(11700);
    expect(store.cell(cellKey('ev:10', 1))).toMatchObject({ seconds: 5400, recordId: 4 });
  });

  it('updates only the totals and listeners a change touches', () => {
    const store = loaded([rec(1, A, dates[0]!, 3600), rec(2, B, dates[3]!, 1800)]);
    const heard: string[] = [];
    for (const topic of ['row:ev:10', 'row:ev:11', 'day:0', 'day:3', 'week', `cell:${cellKey('ev:10', 0)}`, `cell:${cellKey('ev:11', 3)}`]) store.subscribe(topic, () => heard.push(topic));
    preview(store, cellKey('ev:10', 0), 7200);
    expect(heard.sort()).toEqual(['cell:ev:10|0', 'day:0', 'row:ev:10', 'week']);
    expect(store.weekTotal()).toBe(9000);
    // Escape goes back to the committed value.
    revert(store, cellKey('ev:10', 0));
    expect(store.weekTotal()).toBe(5400);
  });

  it('commits as undoable steps, skipping locked and unchanged cells, and undoes the last step', () => {
    const locks = dates.map((_, i) => (i === 2 ? ['Approved: approved days cannot change'] : []));
    const store = loaded([rec(1, A, dates[0]!, 3600), rec(2, A, dates[2]!, 3600)], locks);
    expect(store.cell(cellKey('ev:10', 2))).toMatchObject({ locked: true, lockReasons: ['Approved: approved days cannot change'] });
    const done = commit(store, [
      { key: cellKey('ev:10', 0), seconds: 3600 },
      { key: cellKey('ev:10', 1), seconds: 1800 },
      { key: cellKey('ev:10', 2), seconds: 60 },
    ]);
    expect(done).toEqual([{ key: cellKey('ev:10', 1), seconds: 1800 }]);
    expect(store.cell(cellKey('ev:10', 1)).status).toBe('saving');
    commit(store, [{ key: cellKey('ev:10', 0), seconds: 0 }]);
    expect(store.weekTotal()).toBe(5400);
    expect(undo(store)).toEqual([{ key: cellKey('ev:10', 0), seconds: 3600 }]);
    expect(store.weekTotal()).toBe(9000);
    expect(undo(store)).toEqual([{ key: cellKey('ev:10', 1), seconds: 0 }]);
    expect(canUndo(store)).toBe(false);
    expect(undo(store)).toEqual([]);
  });

  it('keeps invalid text marked with its message, without touching the totals', () => {
    const store = loaded([rec(1, A, dates[0]!, 3600)]);
    markInvalid(store, cellKey('ev:10', 0), '1:75', 'not a duration');
    expect(store.cell(cellKey('ev:10', 0)).invalid).toEqual({ text: '1:75', message: 'not a duration' });
    expect(store.weekTotal()).toBe(3600);
    revert(store, cellKey('ev:10', 0));
    expect(store.cell(cellKey('ev:10', 0)).invalid).toBeNull();
  });

  it('keeps unsaved values over the server’s until they land, and keeps rows while typing', () => {
    const store = loaded([rec(1, A, dates[0]!, 3600)]);
    syncStore(store, {
      dates,
      records: [rec(1, A, dates[0]!, 3600)],
      extraRows: [],
      names,
      locks: dates.map(() => []),
      pending: [{ taskId: 'ev:10', date: dates[0]!, seconds: 7200, status: 'failed', error: 'Not saved', recordId: 1 }],
      keepRows: true,
    });
    expect(store.cell(cellKey('ev:10', 0))).toMatchObject({ seconds: 7200, status: 'failed', error: 'Not saved' });
    // The record was deleted elsewhere: the row stays on screen, empty.
    syncStore(store, { dates, records: [], extraRows: [], names, locks: dates.map(() => []), pending: [], keepRows: true });
    expect(store.rows().map((r) => r.key)).toEqual(['ev:10']);
    expect(store.weekTotal()).toBe(0);
  });

  it('shows a refused value with its reason but never counts it, and settles it when dismissed or retyped', () => {
    const store = loaded([rec(1, A, dates[0]!, 3600)]);
    const sync = (pending: Parameters<typeof syncStore>[1]['pending']) =>
      syncStore(store, { dates, records: [rec(1, A, dates[0]!, 3600)], extraRows: [], names, locks: dates.map(() => []), pending, keepRows: true });
    const key = cellKey('ev:10', 0);
    const other = cellKey('ev:10', 1);
    // Typed, sent: counted while it is on its way.
    commit(store, [{ key, seconds: 7200 }, { key: other, seconds: 1800 }]);
    expect(store.weekTotal()).toBe(9000);
    const reason = 'This would exceed the general time budget of project "Harbour"';
    sync([
      { taskId: 'ev:10', date: dates[0]!, seconds: 7200, status: 'refused', error: reason, recordId: 1 },
      { taskId: 'ev:10', date: dates[1]!, seconds: 1800, status: 'refused', error: reason, recordId: null },
    ]);
    expect(store.cell(key)).toMatchObject({ seconds: 3600, shown: 3600, status: 'refused', refused: { seconds: 7200, message: reason } });
    expect(store.cell(other)).toMatchObject({ seconds: 0, status: 'refused', refused: { seconds: 1800 } });
    expect(store.weekTotal()).toBe(3600);
    expect(store.dayTotal(1)).toBe(0);
    expect(store.rowTotal('ev:10')).toBe(3600);
    expect(keysWith(store, 'refused')).toEqual([key, other]);
    expect(keysWith(store, 'failed')).toEqual([]);

    // Typing the server's own value settles the refusal (it is sent, as a change).
    expect(commit(store, [{ key, seconds: 3600 }])).toEqual([{ key, seconds: 3600 }]);
    expect(store.cell(key)).toMatchObject({ refused: null, status: 'saving' });
    // Dismissed: the saver forgets it, and the cell is the server's again.
    sync([]);
    expect(store.cell(other)).toMatchObject({ seconds: 0, status: 'idle', refused: null });
    expect(keysWith(store, 'refused')).toEqual([]);
    expect(store.weekTotal()).toBe(3600);
  });

  it('names the locks of a pending and of an approved week', () => {
    const days = { monday: true, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };
    const pending = dayLockReasons({ status: 'pending', approvedDays: days } as never, dates);
    expect(pending.every((r) => r.some((x) => /pending approval/.test(x)))).toBe(true);
    const approved = dayLockReasons({ status: 'partial_approved', approvedDays: days } as never, dates);
    expect(approved[0]).toEqual(['Approved: approved days cannot change']);
    expect(approved[1]).toEqual([]);
    expect(dayLockReasons(null, dates).flat()).toEqual([]);
  });
});

describe('clipboard blocks', () => {
  it('reads spreadsheet text and writes it back', () => {
    expect(parseTsv('1:00\t0.5\t45m\r\n2\t1h30\t0:15\r\n')).toEqual([
      ['1:00', '0.5', '45m'],
      ['2', '1h30', '0:15'],
    ]);
    expect(parseTsv('3')).toEqual([['3']]);
    expect(toTsv([['1:00', ''], ['', '2:00']])).toBe('1:00\t\n\t2:00');
  });

  it('spans a selection dragged either way', () => {
    expect(selectionBounds({ anchor: { row: 3, col: 4 }, focus: { row: 1, col: 2 } })).toEqual({ top: 1, bottom: 3, left: 2, right: 4 });
  });

  it('tells selection listeners', () => {
    const store = new GridStore(7);
    const fn = vi.fn();
    store.subscribe('selection', fn);
    setSelection(store, { anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } });
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
