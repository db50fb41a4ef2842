/**
 * What typing does to the grid's store: drafts the totals follow, commits as undoable steps, undo, the
 * selected block. Not needed to draw the week, so it loads with the editing code (./week-actions.ts).
 */
import { cellKey, type CellChange, type CellState, type GridStore, type Selection, type UndoEntry } from './grid-store.ts';

/** A valid value being typed: the totals follow it before it is committed. */
export function preview(store: GridStore, key: string, seconds: number) {
  store.update(key, { shown: seconds });
}

/** Back to the committed value (Escape). */
export function revert(store: GridStore, key: string) {
  store.update(key, { shown: store.cell(key).seconds, invalid: null });
}

export function markInvalid(store: GridStore, key: string, text: string, message: string) {
  store.update(key, { invalid: { text, message }, shown: store.cell(key).seconds });
}

/**
 * Commits changes as one undoable step (a typed cell, a pasted block, a cleared row). Locked cells and
 * cells already holding the value are left out; returns the changes that happened.
 */
export function commit(store: GridStore, changes: CellChange[], undoable = true): CellChange[] {
  const done: CellChange[] = [];
  const entry: UndoEntry = { cells: [] };
  for (const ch of changes) {
    const c = store.cell(ch.key);
    if (c.locked) continue;
    // Typing the server's value into a refused cell is a change too: it settles the refusal.
    if (c.seconds === ch.seconds && !c.refused) {
      store.update(ch.key, { shown: c.seconds, invalid: null });
      continue;
    }
    entry.cells.push({ key: ch.key, before: c.seconds, after: ch.seconds });
    store.update(ch.key, { seconds: ch.seconds, shown: ch.seconds, invalid: null, refused: null, status: 'saving', error: null });
    done.push(ch);
  }
  if (undoable && entry.cells.length) {
    store.undoStack.push(entry);
    if (store.undoStack.length > 100) store.undoStack.shift();
    store.emit('undo');
  }
  return done;
}

/** Takes back the last committed step; returns what to save. */
export function undo(store: GridStore): CellChange[] {
  const entry = store.undoStack.pop();
  if (!entry) return [];
  store.emit('undo');
  return commit(
    store,
    entry.cells.map((c) => ({ key: c.key, seconds: c.before })),
    false,
  );
}

export const canUndo = (store: GridStore) => store.undoStack.length > 0;

export function setSelection(store: GridStore, sel: Selection | null) {
  if (sel === null && store.selection === null) return;
  store.selection = sel;
  store.emit('selection');
}

export function rowHasTime(store: GridStore, rowKey: string): boolean {
  for (let d = 0; d < store.days; d++) if (store.cell(cellKey(rowKey, d)).seconds > 0) return true;
  return false;
}

/** Cells whose save failed (`failed`, sent again) or was refused (`refused`), for the banner. */
export function keysWith(store: GridStore, status: CellState['status'] & ('failed' | 'refused')): string[] {
  const out: string[] = [];
  for (const [k, c] of store.cells) if (c.status === status) out.push(k);
  return out;
}
