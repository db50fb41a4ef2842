import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

const moves: Record<string, (index: number, last: number, page: number) => number> = {
  ArrowDown: (i, last) => Math.min(last, i + 1),
  j: (i, last) => Math.min(last, i + 1),
  ArrowUp: (i) => Math.max(0, i - 1),
  k: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_i, last) => last,
  PageDown: (i, last, page) => Math.min(last, i + page),
  PageUp: (i, _last, page) => Math.max(0, i - page),
};

export interface RowNavigation {
  /** The row that takes Tab focus (roving tabindex). */
  active: number;
  setActive: (index: number) => void;
  onRowKeyDown: (event: KeyboardEvent<HTMLElement>, index: number) => void;
}

/**
 * Roving focus over `count` rows of the table in `box`: arrows or j/k move, Home/End jump, Enter opens,
 * Space selects. Keys typed inside a cell's own control (an input, a button) are left alone.
 */
export function useRowNavigation(
  box: RefObject<HTMLElement | null>,
  count: number,
  { reveal, onOpen, onToggle }: { reveal: (index: number) => void; onOpen?: (index: number) => void; onToggle?: (index: number) => void },
): RowNavigation {
  const [activeState, setActive] = useState(0);
  const active = Math.min(activeState, Math.max(0, count - 1));
  const focusNext = useRef<number | null>(null);

  useEffect(() => {
    const index = focusNext.current;
    if (index === null) return;
    const row = box.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
    if (row) {
      focusNext.current = null;
      row.focus();
    }
  });

  const onRowKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = move(index, count - 1, 10);
      setActive(next);
      focusNext.current = next;
      reveal(next);
      return;
    }
    if (event.key === 'Enter' && onOpen) {
      event.preventDefault();
      onOpen(index);
    } else if (event.key === ' ' && onToggle) {
      event.preventDefault();
      onToggle(index);
    }
  };

  return { active, setActive, onRowKeyDown };
}
