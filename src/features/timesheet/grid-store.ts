/**
 * The week grid's state outside React: one object per cell, totals kept up to date by deltas, and
 * subscriptions per cell, row, day and week, so typing in one cell re-renders that cell and three totals,
 * never the whole grid (a 300-row week stays under a frame per keystroke).
 */

/** `failed`: not saved yet, sent again on its own; `refused`: the server said no, the user decides. */
export type CellStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'refused';

export interface RowInfo {
  /** Task id, or `none` for time without a task. */
  key: string;
  taskId: string | null;
  name: string;
  projectName: string;
  clientName: string;
  status: 'open' | 'closed';
  projects: string[];
}

export interface CellState {
  /** Committed seconds: what the server has, or will have once the pending save lands. */
  seconds: number;
  /** What the totals count right now: `seconds`, or the valid value being typed. */
  shown: number;
  recordId: number | null;
  comment: string;
  locked: boolean;
  lockReasons: readonly string[];
  status: CellStatus;
  /** Why the last save failed. */
  error: string | null;
  /** Text that is not a duration, kept in the cell with its message until fixed or reverted. */
  invalid: { text: string; message: string } | null;
  /**
   * A value the server refused, shown in the cell with the reason until changed or dismissed; `seconds`
   * and the totals keep the server's value meanwhile.
   */
  refused: { seconds: number; message: string } | null;
}

export interface CellChange {
  key: string;
  seconds: number;
}

export interface UndoEntry {
  cells: { key: string; before: number; after: number }[];
}

const EMPTY: CellState = Object.freeze({
  seconds: 0,
  shown: 0,
  recordId: null,
  comment: '',
  locked: false,
  lockReasons: [],
  status: 'idle',
  error: null,
  invalid: null,
  refused: null,
}) as CellState;

export const cellKey = (rowKey: string, day: number) => `${rowKey}|${day}`;
export const splitCellKey = (key: string) => {
  const at = key.lastIndexOf('|');
  return { rowKey: key.slice(0, at), day: Number(key.slice(at + 1)) };
};

export interface Selection {
  anchor: { row: number; col: number };
  focus: { row: number; col: number };
}

export class GridStore {
  /** Read and written by ./grid-edits.ts too (typing, undo and selection load after the grid is drawn). */
  readonly cells = new Map<string, CellState>();
  private rowTotals = new Map<string, number>();
  private dayTotals: number[];
  private week = 0;
  private listeners = new Map<string, Set<() => void>>();
  private rowList: RowInfo[] = [];
  readonly undoStack: UndoEntry[] = [];
  selection: Selection | null = null;

  constructor(readonly days: number = 7) {
    this.dayTotals = Array.from({ length: days }, () => 0);
  }

  // ---- subscriptions ----

  subscribe(topic: string, fn: () => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  emit(topic: string) {
    const set = this.listeners.get(topic);
    if (set) for (const fn of [...set]) fn();
  }

  // ---- reads ----

  cell(key: string): CellState {
    return this.cells.get(key) ?? EMPTY;
  }
  rowTotal(rowKey: string): number {
    return this.rowTotals.get(rowKey) ?? 0;
  }
  dayTotal(day: number): number {
    return this.dayTotals[day] ?? 0;
  }
  weekTotal(): number {
    return this.week;
  }
  rows(): RowInfo[] {
    return this.rowList;
  }

  // ---- rows ----

  setRows(rows: RowInfo[]) {
    const same = rows.length === this.rowList.length && rows.every((r, i) => sameRow(r, this.rowList[i]!));
    if (same) return;
    this.rowList = rows;
    this.emit('rows');
  }

  // ---- writes ----

  /** Replaces a cell's state, keeping the totals right by the change of `shown`. */
  update(key: string, patch: Partial<CellState>) {
    const prev = this.cell(key);
    const next: CellState = { ...prev, ...patch };
    if (shallowEqual(prev, next)) return;
    this.cells.set(key, next);
    const delta = next.shown - prev.shown;
    const { rowKey, day } = splitCellKey(key);
    this.emit(`cell:${key}`);
    if (delta !== 0) {
      this.rowTotals.set(rowKey, this.rowTotal(rowKey) + delta);
      this.dayTotals[day] = this.dayTotal(day) + delta;
      this.week += delta;
      this.emit(`row:${rowKey}`);
      this.emit(`day:${day}`);
      this.emit('week');
    }
    if (prev.status !== next.status) this.emit('status');
  }

  // ---- selection (copy of a block) ----

  getSelection(): Selection | null {
    return this.selection;
  }
}

function sameRow(a: RowInfo, b: RowInfo) {
  return a.key === b.key && a.name === b.name && a.projectName === b.projectName && a.clientName === b.clientName && a.status === b.status;
}

function shallowEqual(a: CellState, b: CellState) {
  return (
    a.seconds === b.seconds &&
    a.shown === b.shown &&
    a.recordId === b.recordId &&
    a.comment === b.comment &&
    a.locked === b.locked &&
    a.lockReasons === b.lockReasons &&
    a.status === b.status &&
    a.error === b.error &&
    a.invalid === b.invalid &&
    a.refused?.seconds === b.refused?.seconds &&
    a.refused?.message === b.refused?.message
  );
}

/** The rows and columns a selection spans, corners in any order. */
export function selectionBounds(sel: Selection) {
  return {
    top: Math.min(sel.anchor.row, sel.focus.row),
    bottom: Math.max(sel.anchor.row, sel.focus.row),
    left: Math.min(sel.anchor.col, sel.focus.col),
    right: Math.max(sel.anchor.col, sel.focus.col),
  };
}
