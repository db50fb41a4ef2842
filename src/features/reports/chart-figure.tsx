import type { ReactNode, Ref } from 'react';
import styles from './charts.module.css';

export interface ChartFigureProps {
  title: string;
  /** The chart in words: what a reader would take from it. */
  summary: string;
  /** The plot's height in pixels; no plot is drawn when `empty`. */
  height: number;
  empty: boolean;
  plotRef: Ref<HTMLDivElement>;
  /** The focused bar's values, shown under the plot for sighted keyboard users. */
  readout: string | null;
  children: ReactNode;
}

/** A chart with its title, its text summary, and the readout of the focused bar. */
export function ChartFigure({ title, summary, height, empty, plotRef, readout, children }: ChartFigureProps) {
  return (
    <figure className={styles.figure}>
      <figcaption>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.summary}>{summary}</p>
      </figcaption>
      {!empty && (
        <div ref={plotRef} className={styles.plot} style={{ height }}>
          {children}
        </div>
      )}
      <p className={styles.readout} aria-hidden="true">
        {readout ?? '\u00a0'}
      </p>
    </figure>
  );
}
