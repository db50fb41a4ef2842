import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Timecard } from '../../../contract/timecards.ts';
import { useApi } from '../../api/context.ts';
import { formatDuration, parseDuration } from '../../lib/duration.ts';
import { dayInfo, weekDates, weekLabel, weekNumberLabel, weekRange } from '../../lib/week.ts';
import { timecardsQueryOptions } from './api.ts';
import { CardField } from './card-field.tsx';
import { parseClockTime, shiftLabel } from './clock-time.ts';
import type { CardField as Field, FieldChange } from './field-saver.ts';
import { useFieldSaver } from './use-field-saver.ts';
import s from './timecards.module.css';

export interface TimecardsPageProps {
  userId: number;
  weekId: number;
  weekStart: number;
  today: string;
  /** Seconds tracked in the week's timesheet, shown beside the work time; null while unknown. */
  tracked: number | null;
  /** Previous / this / next week, composed by the route. */
  weekNav: ReactNode;
}

const parseBreak = (text: string) => {
  if (text.trim() === '') return { ok: true as const, value: 0 };
  const d = parseDuration(text);
  return d.ok ? { ok: true as const, value: d.seconds } : d;
};
const formatBreak = (v: string | number | null) => (typeof v === 'number' && v > 0 ? formatDuration(v) : '');
const formatClockValue = (v: string | number | null) => (typeof v === 'string' ? v : '');

/** The week's timecards: one row per day with clock in, clock out and break, each saved on its own. */
export function TimecardsPage({ userId, weekId, weekStart, today, tracked, weekNav }: TimecardsPageProps) {
  const api = useApi();
  const { from, to } = weekRange(weekId, weekStart);
  const { data: cards } = useSuspenseQuery(timecardsQueryOptions(api, userId, from, to));
  const { saver, pending, justSaved } = useFieldSaver(userId);
  const byDate = new Map(cards.map((c) => [c.date, c]));
  const work = cards.reduce((sum, c) => sum + c.workTime, 0);
  const breaks = cards.reduce((sum, c) => sum + c.breakTime, 0);
  const unsaved = pending.filter((c) => c.date >= from && c.date <= to);

  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className="page__title">
          Timecards
          <span className={s.range}>
            {weekNumberLabel(weekId)}, {weekLabel(weekId, weekStart)}
          </span>
        </h1>
        {weekNav}
      </header>

      <dl className={s.totals} data-testid="timecard-totals">
        <div>
          <dt>Work time</dt>
          <dd>{formatDuration(work)}</dd>
        </div>
        <div>
          <dt>Breaks</dt>
          <dd>{formatDuration(breaks)}</dd>
        </div>
        <div>
          <dt>Tracked in the timesheet</dt>
          <dd>{tracked === null ? '—' : formatDuration(tracked)}</dd>
        </div>
        {tracked !== null && work !== tracked && (
          <div className={s.difference}>
            <dt>Difference</dt>
            <dd>{`${work > tracked ? '+' : '−'}${formatDuration(Math.abs(work - tracked))}`}</dd>
          </div>
        )}
      </dl>

      {unsaved.some((c) => c.status === 'failed') && (
        <div className={s.banner} role="alert">
          Some changes are not saved yet. They are kept on this device and sent again automatically.
          <button type="button" className={s.link} onClick={() => saver.retryAll(true)}>
            Retry now
          </button>
        </div>
      )}

      <table className={s.table}>
        <caption className="visually-hidden">Clock in, clock out and break of each day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Clock in</th>
            <th scope="col">Clock out</th>
            <th scope="col">Break</th>
            <th scope="col">Shift</th>
            <th scope="col" className={s.num}>
              Work time
            </th>
          </tr>
        </thead>
        <tbody>
          {weekDates(weekId, weekStart).map((date, row) => (
            <DayRow
              key={date}
              date={date}
              row={row}
              today={today}
              card={byDate.get(date) ?? null}
              changes={unsaved.filter((c) => c.date === date)}
              justSaved={justSaved}
              onCommit={(field, value) => saver.save(date, field, value)}
              onRetry={(field) => saver.retry(date, field)}
              onDiscard={(field) => saver.discard(date, field)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface DayRowProps {
  date: string;
  row: number;
  today: string;
  card: Timecard | null;
  changes: FieldChange[];
  justSaved: ReadonlySet<string>;
  onCommit: (field: Field, value: string | number | null) => void;
  onRetry: (field: Field) => void;
  onDiscard: (field: Field) => void;
}

function DayRow({ date, row, today, card, changes, justSaved, onCommit, onRetry, onDiscard }: DayRowProps) {
  const day = dayInfo(date);
  const locked = card?.isLocked ?? false;
  const change = (f: Field) => changes.find((c) => c.field === f);
  const value = <T,>(f: Field, server: T): T => (change(f)?.value as T | undefined) ?? server;
  const clockIn = value<string | null>('clockIn', card?.clockIn ?? null);
  const clockOut = value<string | null>('clockOut', card?.clockOut ?? null);
  const common = (f: Field, label: string) => ({
    label: `${label}, ${day.full}`,
    change: change(f),
    saved: justSaved.has(`${date}|${f}`),
    readOnly: locked,
    problem: card?.invalid?.[f],
    onCommit: (v: string | number | null) => onCommit(f, v),
    onRetry: () => onRetry(f),
    onDiscard: () => onDiscard(f),
    column: f,
    row,
  });
  return (
    <tr className={`${s.row} ${date === today ? s.today : ''} ${day.weekend ? s.weekend : ''}`} aria-current={date === today ? 'date' : undefined}>
      <th scope="row" className={s.day}>
        <span className={s.dayName}>{day.full}</span>
        {locked && (
          <span className={s.lock}>
            Read-only: {card!.lockReasons.join('; ')}
          </span>
        )}
      </th>
      <td data-label="Clock in">
        <CardField {...common('clockIn', 'Clock in')} shown={card?.clockIn ?? ''} placeholder="9:00" parse={parseClockTime} format={formatClockValue} />
      </td>
      <td data-label="Clock out">
        <CardField {...common('clockOut', 'Clock out')} shown={card?.clockOut ?? ''} placeholder="17:30" parse={parseClockTime} format={formatClockValue} />
      </td>
      <td data-label="Break">
        <CardField {...common('breakTime', 'Break')} shown={formatBreak(card?.breakTime ?? 0)} placeholder="0:30" parse={parseBreak} format={formatBreak} />
      </td>
      <td data-label="Shift" className={s.shift}>
        {shiftLabel(clockIn, clockOut) || null}
      </td>
      <td data-label="Work time" className={s.num}>
        {card && card.workTime > 0 ? <span data-testid={`work-${date}`}>{formatDuration(card.workTime)}</span> : null}
      </td>
    </tr>
  );
}
