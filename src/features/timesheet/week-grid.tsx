import './timesheet.css';
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { DurationFormat } from '../../lib/duration.ts';
import type { DayInfo } from '../../lib/week.ts';
import type { GridStore, RowInfo } from './grid-store.ts';
import { GridRow } from './grid-row.tsx';
import { DayTotal, WeekTotal } from './grid-totals.tsx';
import { weekActionsNow } from './lazy-week-actions.ts';
import { useStore } from './use-grid-store.ts';

/** What the grid asks of the page: saving, moving focus, comments, timers, rows. */
export interface GridActions {
  commit(key: string, seconds: number): void;
  paste(row: number, col: number, text: string): void;
  undo(): void;
  retry(key: string): void;
  /** Gives up a refused change: the cell returns to the server's value. */
  dismiss(key: string): void;
  openComment(key: string): void;
  startTimer(row: RowInfo): void;
  stopTimer(): void;
  removeRow(row: RowInfo): void;
}

export interface GridProps {
  store: GridStore;
  days: DayInfo[];
  today: string;
  format: DurationFormat;
  actions: GridActions;
  /** Day shown on a phone (one column at a time); null shows the whole week. */
  singleDay: number | null;
  timer: { taskId: string | null; elapsed: number } | null;
  readOnlyReason: string | null;
  /** Whether rows offer Start timer (not on another user's week). */
  timers?: boolean;
  /** A last row of the grid (the week's time off), drawn under the totals. */
  extra?: ReactNode;
}

/** The week as an ARIA grid: task rows, one column per day, totals per row, per day and for the week. */
export function WeekGrid({ store, days, today, format, actions, singleDay, timer, readOnlyReason, timers = true, extra }: GridProps) {
  const rows = useStore(store, 'rows', () => store.rows());
  const gridRef = useRef<HTMLTableElement>(null);
  const cols = singleDay === null ? days.map((_, i) => i) : [singleDay];

  const focusCell = useCallback((row: number, col: number) => {
    const el = gridRef.current?.querySelector<HTMLInputElement>(`input[data-r="${row}"][data-c="${col}"]`);
    if (el) {
      el.focus();
      el.select();
      return true;
    }
    return false;
  }, []);

  const nav = useRef({ rows: rows.length, cols, focusCell });
  useLayoutEffect(() => {
    nav.current = { rows: rows.length, cols, focusCell };
  });

  const colCount = days.length + 2;
  return (
    <div className="grid-scroll">
      <table
        ref={gridRef}
        role="grid"
        aria-label="Week timesheet"
        aria-rowcount={rows.length + (extra ? 3 : 2)}
        aria-colcount={colCount}
        aria-readonly={readOnlyReason ? true : undefined}
        className={`tgrid${singleDay !== null ? ' tgrid--single' : ''}`}
        // Before the editing code is here, no block can be selected: the browser copies the cell's text itself.
        onCopy={(e) => weekActionsNow()?.copyBlock(store, e, format)}
      >
        <thead>
          <DaysHeadRow days={days} cols={cols} today={today} corner="Task" total="Total" />
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <GridRow
              key={row.key}
              store={store}
              row={row}
              index={r}
              cols={cols}
              days={days}
              today={today}
              format={format}
              actions={actions}
              nav={nav}
              colCount={colCount}
              timerElapsed={timer && timer.taskId === row.taskId ? timer.elapsed : null}
              readOnly={readOnlyReason !== null}
              timers={timers}
            />
          ))}
        </tbody>
        <tfoot>
          <tr aria-rowindex={rows.length + 2} className="tgrid__foot">
            <th scope="row" aria-colindex={1} className="tgrid__foot-label">
              Total
            </th>
            {cols.map((i) => (
              <DayTotal key={i} store={store} day={i} format={format} weekend={days[i]!.weekend} today={days[i]!.date === today} />
            ))}
            <WeekTotal store={store} format={format} colIndex={colCount} />
          </tr>
          {extra}
        </tfoot>
      </table>
    </div>
  );
}

/** The grid's first row: a column per day (today and weekends marked), between the row heading and the totals. */
export function DaysHeadRow({
  days,
  cols,
  today,
  corner,
  total,
}: {
  days: DayInfo[];
  cols: number[];
  today: string;
  corner?: string;
  total?: string;
}) {
  const colCount = days.length + 2;
  return (
    <tr aria-rowindex={1} className="tgrid__head">
      {corner ? (
        <th scope="col" aria-colindex={1} className="tgrid__corner">
          {corner}
        </th>
      ) : (
        <td aria-colindex={1} className="tgrid__corner" />
      )}
      {cols.map((i) => {
        const d = days[i]!;
        const isToday = d.date === today;
        return (
          <th
            key={d.date}
            id={`col-${d.date}`}
            scope="col"
            aria-colindex={i + 2}
            aria-label={`${d.full}${isToday ? ', today' : ''}`}
            className={`tgrid__day${d.weekend ? ' is-weekend' : ''}${isToday ? ' is-today' : ''}`}
          >
            <span className="tgrid__dayname">{d.short}</span>
            <span className="tgrid__daynum">{d.dayOfMonth}</span>
            {isToday && (
              <span className="tgrid__today-tag" aria-hidden="true">
                Today
              </span>
            )}
          </th>
        );
      })}
      {total ? (
        <th scope="col" aria-colindex={colCount} className="tgrid__totalhead">
          {total}
        </th>
      ) : (
        <td aria-colindex={colCount} className="tgrid__totalhead" />
      )}
    </tr>
  );
}

export interface GridNav {
  current: { rows: number; cols: number[]; focusCell: (r: number, c: number) => boolean };
}

/** What the editing code (./week-actions.ts) needs of a cell; `draft` is the text being typed, null when none. */
export interface CellEdit {
  store: GridStore;
  cellId: string;
  row: number;
  col: number;
  actions: GridActions;
  nav: GridNav;
  draft(): string | null;
  setDraft(text: string | null): void;
}
