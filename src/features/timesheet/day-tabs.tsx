import { useEffect, useState } from 'react';
import { formatDuration, type DurationFormat } from '../../lib/duration.ts';
import type { DayInfo } from '../../lib/week.ts';
import type { GridStore } from './grid-store.ts';

/** On a phone, one day at a time: a tab per day with its total (loaded only on a phone). */
export default function DayTabs({
  days,
  today,
  day,
  onDay,
  store,
  format,
}: {
  days: DayInfo[];
  today: string;
  day: number;
  onDay: (d: number) => void;
  store: GridStore;
  format: DurationFormat;
}) {
  return (
    <div className="day-tabs" role="group" aria-label="Day">
      {days.map((d, i) => (
        <DayTab key={d.date} info={d} index={i} selected={i === day} today={d.date === today} onDay={onDay} store={store} format={format} />
      ))}
    </div>
  );
}

function DayTab({
  info,
  index,
  selected,
  today,
  onDay,
  store,
  format,
}: {
  info: DayInfo;
  index: number;
  selected: boolean;
  today: boolean;
  onDay: (d: number) => void;
  store: GridStore;
  format: DurationFormat;
}) {
  const total = useDayTotal(store, index);
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={`${info.full}${today ? ', today' : ''}: ${formatDuration(total, format)}`}
      className={`day-tab${selected ? ' is-on' : ''}${today ? ' is-today' : ''}${info.weekend ? ' is-weekend' : ''}`}
      onClick={() => onDay(index)}
    >
      <span className="day-tab__name">{info.short}</span>
      <span className="day-tab__num">{info.dayOfMonth}</span>
      <span className="day-tab__total">{total ? formatDuration(total, format) : '\u00a0'}</span>
    </button>
  );
}

function useDayTotal(store: GridStore, day: number) {
  const [, force] = useState(0);
  useEffect(() => store.subscribe(`day:${day}`, () => force((n) => n + 1)), [store, day]);
  return store.dayTotal(day);
}
