import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { moveKey } from './order.ts';

export interface MoveHandleProps {
  /** What moves, e.g. the task's name: the button reads "Move Write the brief". */
  name: string;
  /** Identifies the handle so focus can come back to it after the list redraws. */
  handleId: string;
  onStep: (delta: -1 | 1) => void;
}

/**
 * The grip of a row: drag it with the pointer, or focus it and press Alt+Arrow Up or Down. The row itself
 * carries the drag events (see `useDragList`); the handle only says so and takes the keys.
 */
export function MoveHandle({ name, handleId, onStep }: MoveHandleProps) {
  const hint = useId();
  const onKeyDown = (e: KeyboardEvent) => {
    const delta = moveKey(e);
    if (delta === undefined) return;
    e.preventDefault();
    onStep(delta);
  };
  return (
    <>
      <button type="button" className="pt-handle" aria-label={`Move ${name}`} aria-describedby={hint} data-handle={handleId} onKeyDown={onKeyDown}>
        <svg viewBox="0 0 12 20" width="12" height="20" aria-hidden="true" focusable="false">
          {[4, 10, 16].map((y) => (
            <g key={y}>
              <circle cx="3" cy={y} r="1.5" />
              <circle cx="9" cy={y} r="1.5" />
            </g>
          ))}
        </svg>
      </button>
      <span id={hint} hidden>
        Drag, or press Alt+Arrow Up or Alt+Arrow Down to move it.
      </span>
    </>
  );
}

/** A polite live region, and `announce` to say what a move did. */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const count = useRef(0);
  const announce = (text: string) => {
    count.current += 1;
    // A trailing marker that changes makes a repeated sentence be read again.
    setMessage(`${text}${count.current % 2 ? '' : '\u00a0'}`);
  };
  const region = (
    <p className="visually-hidden" role="status" aria-live="polite">
      {message}
    </p>
  );
  return { announce, region };
}

/**
 * Keeps focus on the handle `handleId` while the list redraws after a move (the row may be drawn anew in
 * another section once the new order is in), unless the user has moved focus on meanwhile.
 */
export function useRefocus() {
  const target = useRef<{ id: string; until: number } | null>(null);
  useEffect(() => {
    const t = target.current;
    if (!t) return;
    if (Date.now() > t.until) {
      target.current = null;
      return;
    }
    // Only focus that the redraw dropped (the moved row drawn anew) comes back; focus the user has since
    // put elsewhere, such as another handle, stays where it is.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.querySelector<HTMLElement>(`[data-handle="${CSS.escape(t.id)}"]`)?.focus();
  });
  return (id: string) => {
    target.current = { id, until: Date.now() + 2000 };
  };
}

export interface DropSpot<K> {
  key: K;
  index: number;
}

/**
 * Pointer dragging of rows between and within lists (`K` names a list). A row is dragged whole; hovering a
 * row marks the spot above or below it; dropping on a list's empty area puts the row at its end.
 */
export function useDragList<K>(onDrop: (id: string, spot: DropSpot<K>) => void) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [spot, setSpot] = useState<DropSpot<K> | null>(null);
  const end = () => {
    setDragging(null);
    setSpot(null);
  };
  const row = (id: string, key: K, index: number, enabled: boolean) =>
    enabled
      ? {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            // A row inside this one started its own drag.
            if (e.target !== e.currentTarget) return;
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', id);
            setDragging(id);
          },
          onDragEnd: end,
          onDragOver: (e: DragEvent<HTMLElement>) => {
            if (dragging === null) return;
            e.preventDefault();
            e.stopPropagation();
            const box = e.currentTarget.getBoundingClientRect();
            const after = e.clientY > box.top + box.height / 2;
            setSpot({ key, index: index + (after ? 1 : 0) });
          },
          onDrop: (e: DragEvent) => {
            if (dragging === null || !spot) return;
            e.preventDefault();
            e.stopPropagation();
            onDrop(dragging, spot);
            end();
          },
        }
      : {};
  const list = (key: K, length: number) => ({
    onDragOver: (e: DragEvent) => {
      if (dragging === null) return;
      e.preventDefault();
      setSpot({ key, index: length });
    },
    onDrop: (e: DragEvent) => {
      if (dragging === null) return;
      e.preventDefault();
      onDrop(dragging, spot ?? { key, index: length });
      end();
    },
  });
  /** Whether the drop mark shows before row `index` of list `key`. */
  const markBefore = (key: K, index: number) => spot !== null && spot.key === key && spot.index === index;
  return { dragging, row, list, markBefore };
}
