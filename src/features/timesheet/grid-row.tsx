import { memo } from 'react';
import { formatClock, type DurationFormat } from '../../lib/duration.ts';
import type { DayInfo } from '../../lib/week.ts';
import { GridCell } from './grid-cell.tsx';
import { cellKey, type GridStore, type RowInfo } from './grid-store.ts';
import { RowTotal } from './grid-totals.tsx';
import type { GridActions, GridNav } from './week-grid.tsx';

interface RowProps {
  store: GridStore;
  row: RowInfo;
  index: number;
  cols: number[];
  days: DayInfo[];
  today: string;
  format: DurationFormat;
  actions: GridActions;
  nav: GridNav;
  colCount: number;
  timerElapsed: number | null;
  /** A read-only week (pending approval) offers neither Remove nor Start on its rows. */
  readOnly: boolean;
  timers: boolean;
}

export const GridRow = memo(function GridRow({
  store,
  row,
  index,
  cols,
  days,
  today,
  format,
  actions,
  nav,
  colCount,
  timerElapsed,
  readOnly,
  timers,
}: RowProps) {
  const headerId = `row-${row.key.replace(/\W/g, '-')}`;
  const running = timerElapsed !== null;
  return (
    <tr aria-rowindex={index + 2} className={`tgrid__row${running ? ' is-running' : ''}`}>
      <th scope="row" aria-colindex={1} className="tgrid__task">
        <div className="task-cell">
          <div className="task-cell__text">
            <span id={headerId} className="task-cell__name">
              {row.name}
            </span>
            {(row.projectName || row.clientName || row.status === 'closed') && (
              <span className="task-cell__meta">
                {[row.projectName, row.clientName].filter(Boolean).join(' \u00b7 ')}
                {row.status === 'closed' && <span className="badge badge--muted">Closed</span>}
              </span>
            )}
          </div>
          <div className="task-cell__actions">
            {row.taskId !== null &&
              timers &&
              (running || !readOnly) &&
              (running ? (
                <button
                  type="button"
                  className="icon-btn icon-btn--stop"
                  aria-label={`Stop the timer on ${row.name}`}
                  onClick={() => actions.stopTimer()}
                >
                  <StopIcon />
                  <span className="task-cell__clock" role="timer" aria-live="off">
                    {formatClock(timerElapsed)}
                  </span>
                </button>
              ) : (
                <button
                  type="button"
                  className="icon-btn icon-btn--play"
                  aria-label={`Start a timer on ${row.name}`}
                  onClick={() => actions.startTimer(row)}
                >
                  <PlayIcon />
                </button>
              ))}
            {!readOnly && (
              <button
                type="button"
                className="icon-btn icon-btn--remove"
                aria-label={`Remove the row ${row.name}`}
                onClick={() => actions.removeRow(row)}
              >
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
        </div>
      </th>
      {cols.map((c) => (
        <GridCell
          key={c}
          store={store}
          cellId={cellKey(row.key, c)}
          row={index}
          col={c}
          headerId={headerId}
          colHeaderId={`col-${days[c]!.date}`}
          weekend={days[c]!.weekend}
          isToday={days[c]!.date === today}
          format={format}
          actions={actions}
          nav={nav}
        />
      ))}
      <RowTotal store={store} rowKey={row.key} format={format} colIndex={colCount} />
    </tr>
  );
});

function PlayIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M5 3.5v9l7.5-4.5z" fill="currentColor" />
    </svg>
  );
}

function StopIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor" />
    </svg>
  );
}
