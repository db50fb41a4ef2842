import { useLayoutEffect, useRef } from 'react';
import { formatDuration, spokenDuration, type DurationFormat } from '../../lib/duration.ts';
import { perfEnabled } from '../../lib/perf.ts';
import type { GridStore } from './grid-store.ts';
import { useStore } from './use-grid-store.ts';

export function RowTotal({
  store,
  rowKey,
  format,
  colIndex,
}: {
  store: GridStore;
  rowKey: string;
  format: DurationFormat;
  colIndex: number;
}) {
  const total = useStore(store, `row:${rowKey}`, () => store.rowTotal(rowKey));
  return (
    <td role="gridcell" aria-colindex={colIndex} className="tgrid__rowtotal">
      <span aria-hidden="true">{total ? formatDuration(total, format) : '\u2013'}</span>
      <span className="visually-hidden">{spokenDuration(total)}</span>
    </td>
  );
}

export function DayTotal({
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

export function WeekTotal({ store, format, colIndex }: { store: GridStore; format: DurationFormat; colIndex: number }) {
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
