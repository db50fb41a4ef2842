import './timesheet.css';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { formatCell, formatClock, formatDuration, spokenDuration, type DurationFormat } from '../../lib/duration.ts';
import type { DayInfo } from '../../lib/week.ts';
import { cellKey, selectionBounds, type GridStore, type RowInfo } from './grid-store.ts';
import { perfEnabled } from '../../lib/perf.ts';
import { loadWeekActions, somethingWaits, weekActionsNow, withWeekActions } from './lazy-week-actions.ts';

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

function useStore<T>(store: GridStore, topic: string, read: () => T): T {
  return useSyncExternalStore(
    useCallback((fn) => store.subscribe(topic, fn), [store, topic]),
    read,
  );
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
export function DaysHeadRow({ days, cols, today, corner, total }: { days: DayInfo[]; cols: number[]; today: string; corner?: string; total?: string }) {
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

const GridRow = memo(function GridRow({
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

interface CellProps {
  store: GridStore;
  cellId: string;
  row: number;
  col: number;
  headerId: string;
  colHeaderId: string;
  weekend: boolean;
  isToday: boolean;
  format: DurationFormat;
  actions: GridActions;
  nav: RowProps['nav'];
}

const GridCell = memo(function GridCell({
  store,
  cellId,
  row,
  col,
  headerId,
  colHeaderId,
  weekend,
  isToday,
  format,
  actions,
  nav,
}: CellProps) {
  const cell = useStore(store, `cell:${cellId}`, () => store.cell(cellId));
  const selected = useStore(store, 'selection', () => {
    const sel = store.getSelection();
    if (!sel) return false;
    const b = selectionBounds(sel);
    return b.top !== b.bottom || b.left !== b.right ? row >= b.top && row <= b.bottom && col >= b.left && col <= b.right : false;
  });
  const [draft, setDraftState] = useState<string | null>(null);
  // The draft as the editing code reads it between renders (a key replayed right after a typed one).
  const draftNow = useRef<string | null>(null);
  const edit = useMemo<CellEdit>(
    () => ({
      store,
      cellId,
      row,
      col,
      actions,
      nav,
      draft: () => draftNow.current,
      setDraft: (text) => {
        draftNow.current = text;
        setDraftState(text);
      },
    }),
    [store, cellId, row, col, actions, nav],
  );
  const text = draft ?? cell.invalid?.text ?? formatCell(cell.refused?.seconds ?? cell.seconds, format);
  const descId = `${cellId.replace(/\W/g, '-')}-desc`;

  const status = cell.locked ? 'locked' : cell.invalid ? 'invalid' : cell.status;
  const describe = [
    cell.locked ? `Locked: ${cell.lockReasons.join('. ')}` : '',
    cell.invalid ? `Not a duration: ${cell.invalid.message}` : '',
    cell.status === 'saving' ? 'Saving' : '',
    cell.status === 'failed' ? (cell.error ?? 'Not saved') : '',
    cell.refused ? `Refused, not saved: ${cell.refused.message}` : '',
    cell.comment ? `Comment: ${cell.comment}` : '',
  ]
    .filter(Boolean)
    .join('. ');

  return (
    <td
      role="gridcell"
      aria-colindex={col + 2}
      aria-selected={selected || undefined}
      className={`tgrid__cell is-${status}${weekend ? ' is-weekend' : ''}${isToday ? ' is-today' : ''}${selected ? ' is-selected' : ''}`}
      title={
        cell.locked ? cell.lockReasons.join('\n') : cell.invalid || cell.refused ? undefined : (cell.error ?? (cell.comment || undefined))
      }
    >
      <input
        className="tgrid__input"
        data-r={row}
        data-c={col}
        value={text}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        readOnly={cell.locked}
        aria-readonly={cell.locked || undefined}
        aria-invalid={cell.invalid ? true : undefined}
        aria-labelledby={`${headerId} ${colHeaderId}`}
        aria-describedby={describe ? descId : undefined}
        aria-keyshortcuts="Shift+Enter"
        onFocus={(e) => e.currentTarget.select()}
        onBlur={() => withWeekActions((m) => m.commitCell(edit))}
        onChange={(e) => {
          if (cell.locked) return;
          edit.setDraft(e.target.value);
          // The totals follow a valid draft as soon as the editing code is here.
          void loadWeekActions().then((m) => m?.previewCell(edit));
        }}
        onKeyDown={(e) => {
          if (perfEnabled()) performance.mark('tk-key');
          const m = weekActionsNow();
          if (m) return m.cellKeyDown(edit, e);
          const { key, shiftKey, ctrlKey, metaKey, altKey } = e;
          // Typing goes into the cell as usual until a key has to wait; from then on every key waits its turn.
          if (!somethingWaits() && key.length === 1 && !ctrlKey && !metaKey && !altKey) return;
          if (key === 'Shift' || key === 'Control' || key === 'Alt' || key === 'Meta') return;
          e.preventDefault();
          withWeekActions((m2) => m2.replayKey({ key, shiftKey, ctrlKey, metaKey, altKey }));
        }}
        onPaste={(e) => {
          const m = weekActionsNow();
          if (m) return m.cellPaste(edit, e);
          e.preventDefault();
          const data = e.clipboardData.getData('text/plain');
          withWeekActions((m2) => m2.replayPaste(edit, data));
        }}
      />
      <CellBadge status={status} hasComment={cell.comment !== ''} />
      {cell.status === 'failed' && (
        <button type="button" className="cell-retry" tabIndex={-1} aria-label="Retry saving" onClick={() => actions.retry(cellId)}>
          Retry
        </button>
      )}
      {!cell.locked && cell.seconds > 0 && (
        <button
          type="button"
          className={`cell-comment${cell.comment ? ' has-comment' : ''}`}
          tabIndex={-1}
          aria-label={cell.comment ? 'Edit the comment' : 'Add a comment'}
          onClick={() => actions.openComment(cellId)}
        >
          <CommentIcon />
        </button>
      )}
      {cell.refused && (
        <button
          type="button"
          className="cell-dismiss"
          tabIndex={-1}
          aria-label="Dismiss the refused change"
          title="Dismiss: keep the server's value"
          onClick={() => actions.dismiss(cellId)}
        >
          <svg viewBox="0 0 16 16" width="10" height="10" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      {(cell.invalid || cell.refused) && (
        <span className="cell-message" role="presentation">
          {cell.invalid?.message ?? cell.refused?.message}
        </span>
      )}
      {describe && (
        <span id={descId} className="visually-hidden">
          {describe}
        </span>
      )}
    </td>
  );
});

function CellBadge({ status, hasComment }: { status: string; hasComment: boolean }) {
  if (status === 'locked')
    return (
      <span className="cell-badge cell-badge--locked" aria-hidden="true">
        <svg viewBox="0 0 16 16" width="11" height="11" focusable="false">
          <rect x="3.5" y="7" width="9" height="6.5" rx="1.5" fill="currentColor" />
          <path d="M5.5 7V5a2.5 2.5 0 015 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </span>
    );
  if (status === 'invalid' || status === 'failed' || status === 'refused')
    return (
      <span className={`cell-badge cell-badge--${status}`} aria-hidden="true">
        !
      </span>
    );
  if (status === 'saving') return <span className="cell-badge cell-badge--saving" aria-hidden="true" />;
  if (status === 'saved')
    return (
      <span className="cell-badge cell-badge--saved" aria-hidden="true">
        {'\u2713'}
      </span>
    );
  if (hasComment) return <span className="cell-badge cell-badge--comment" aria-hidden="true" />;
  return null;
}

function RowTotal({ store, rowKey, format, colIndex }: { store: GridStore; rowKey: string; format: DurationFormat; colIndex: number }) {
  const total = useStore(store, `row:${rowKey}`, () => store.rowTotal(rowKey));
  return (
    <td role="gridcell" aria-colindex={colIndex} className="tgrid__rowtotal">
      <span aria-hidden="true">{total ? formatDuration(total, format) : '\u2013'}</span>
      <span className="visually-hidden">{spokenDuration(total)}</span>
    </td>
  );
}

function DayTotal({
  store,
  day,
  format,
  weekend,
  today,
}: {
  store: GridStore;
  day: number;
  format: DurationFormat;
  weekend: boolean;
  today: boolean;
}) {
  const total = useStore(store, `day:${day}`, () => store.dayTotal(day));
  return (
    <td
      role="gridcell"
      aria-colindex={day + 2}
      className={`tgrid__daytotal${weekend ? ' is-weekend' : ''}${today ? ' is-today' : ''}${total ? '' : ' is-zero'}`}
    >
      {total ? (
        formatDuration(total, format)
      ) : (
        // A day without time reads quieter than a column of 0:00.
        <>
          <span aria-hidden="true">{'\u2013'}</span>
          <span className="visually-hidden">No time</span>
        </>
      )}
    </td>
  );
}

function WeekTotal({ store, format, colIndex }: { store: GridStore; format: DurationFormat; colIndex: number }) {
  const total = useStore(store, 'week', () => store.weekTotal());
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (perfEnabled() && performance.getEntriesByName('tk-key', 'mark').length) {
      performance.measure('tk-key-to-total', 'tk-key');
      performance.clearMarks('tk-key');
    }
  }, [total]);
  return (
    <td role="gridcell" aria-colindex={colIndex} className="tgrid__weektotal" data-testid="week-total">
      {formatDuration(total, format)}
    </td>
  );
}

/** Grid summary for the header: the week's total, live. */
export function useWeekTotal(store: GridStore) {
  return useStore(store, 'week', () => store.weekTotal());
}

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

function CommentIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M3 3.5h10v7H7l-3 2.5v-2.5H3z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}
