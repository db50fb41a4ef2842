import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import styles from './charts.module.css';

/** What recharts hands a bar's background: the lane of one category across the whole plot. */
interface LaneShape {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  index?: number;
}

/** The bar under the pointer, and where the pointer is inside the plot (pixels). */
export interface Hover {
  index: number;
  x: number;
  y: number;
  /** The pointer is in the right half: the tooltip goes to its left. */
  flip: boolean;
}

/**
 * Keyboard and pointer access to a bar chart: each category's lane (its background band) is one focus
 * stop, with roving tabindex (Tab enters at the last lane used), arrows, Home and End to move, Enter or
 * Space to open it when the chart drills down. A lane's name says its values, so screen readers announce
 * them; `focused` and `hover` let the chart show the same values for sighted keyboard and mouse users.
 */
export function useChartLanes(count: number, describe: (index: number) => string, onOpen?: (index: number) => void) {
  const box = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const current = Math.min(active, Math.max(0, count - 1));

  const move = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    // Moving by keyboard: the pointer's tooltip would cover the readout of the bar now focused.
    setHover(null);
    box.current?.querySelector<SVGElement>(`[data-lane="${next}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Home: -count, End: count };
    if (e.key in step) {
      e.preventDefault();
      move(index + step[e.key]!);
    } else if (onOpen && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onOpen(index);
    }
  };

  const onPointer = (e: MouseEvent, index: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect) setHover({ index, x: e.clientX - rect.left, y: e.clientY - rect.top, flip: e.clientX - rect.left > rect.width / 2 });
  };

  const lane = (shape: LaneShape) => {
    const index = shape.index ?? 0;
    // recharts may still draw the lanes of the data before a filter shrank it: no lane for a row that is gone.
    if (index >= count) return null;
    return (
      <rect
        key={`lane-${index}`}
        x={shape.x}
        y={shape.y}
        width={shape.width}
        height={shape.height}
        className={styles.lane}
        data-lane={index}
        tabIndex={index === current ? 0 : -1}
        role={onOpen ? 'button' : 'img'}
        aria-label={describe(index)}
        onFocus={() => {
          setActive(index);
          setFocused(index);
        }}
        onBlur={() => setFocused(null)}
        onKeyDown={(e) => onKeyDown(e, index)}
        onMouseMove={(e) => onPointer(e, index)}
        onMouseLeave={() => setHover(null)}
        onClick={onOpen ? () => onOpen(index) : undefined}
      />
    );
  };

  return { box, lane, focused, hover };
}
