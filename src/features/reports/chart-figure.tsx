import { useDeferredValue, type ReactNode, type RefObject } from 'react';
import type { Hover } from './chart-lanes.tsx';
import styles from './charts.module.css';
import { useWidth } from './use-width.ts';

export interface ChartFigureProps {
  title: string;
  /** The chart in words: what a reader would take from it. */
  summary: string;
  /** The plot's height in pixels; no plot is drawn when `empty`. */
  height: number;
  empty: boolean;
  plotRef: RefObject<HTMLDivElement | null>;
  /** The series, with their colours. */
  legend: { label: string; color: string }[];
  /** Exact values of bar `index`: its name, then one line per figure. */
  lines: (index: number) => string[];
  focused: number | null;
  hover: Hover | null;
  /** The plot at the width it has on the page (never drawn at width 0). */
  children: (width: number) => ReactNode;
}

/**
 * A chart with its title, its text summary and its legend; a tooltip with exact values at the pointer,
 * and the focused bar's values under the plot for keyboard users.
 *
 * The plot itself is drawn in a render of its own after the page has painted: its box (at its final
 * height) is there at once, and the table beside it does not wait for the SVG.
 */
export function ChartFigure({ title, summary, height, empty, plotRef, legend, lines, focused, hover, children }: ChartFigureProps) {
  const tip = hover ? lines(hover.index) : null;
  const painted = useDeferredValue(true, false);
  const width = useWidth(plotRef, !empty && painted);
  return (
    <figure className={styles.figure}>
      <figcaption>
        <h2 className={styles.title}>{title}</h2>
        <p className={styles.summary}>{summary}</p>
      </figcaption>
      {!empty && (
        <>
          <ul className={styles.legend}>
            {legend.map((l) => (
              <li key={l.label}>
                <span className={styles.swatch} style={{ background: l.color }} aria-hidden="true" />
                {l.label}
              </li>
            ))}
          </ul>
          <div ref={plotRef} className={styles.plot} style={{ height }}>
            {width > 0 && children(width)}
            {hover && tip && (
              <div
                className={styles.tooltip}
                style={{ left: hover.x + 14, top: hover.y + 14 }}
                data-flip={hover.flip || undefined}
                aria-hidden="true"
              >
                <strong>{tip[0]}</strong>
                {tip.slice(1).map((l) => (
                  <span key={l}>{l}</span>
                ))}
              </div>
            )}
          </div>
        </>
      )}
      <p className={styles.readout} aria-hidden="true">
        {focused !== null && !empty ? lines(focused).join(' \u00b7 ') : '\u00a0'}
      </p>
    </figure>
  );
}
