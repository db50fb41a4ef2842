import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { TimeOffAssignment } from '../../../contract/timeoff.ts';
import { useApi } from '../../api/context.ts';
import { formatDuration } from '../../lib/duration.ts';
import { weekDates, weekLabel, weekNumberLabel, weekRange } from '../../lib/week.ts';
import { useNarrow } from '../../ui/use-narrow.ts';
import { timecardsQueryOptions } from './api.ts';
import { timeOffOn } from '../time-off/grid-marker.tsx';
import { DayRow } from './day-row.tsx';
import { DaySwitcher } from './day-switcher.tsx';
import { useFieldSaver } from './use-field-saver.ts';
import s from './timecards.module.css';

export interface TimecardsPageProps {
  userId: number;
  weekId: number;
  weekStart: number;
  today: string;
  /** Seconds tracked in the week's timesheet, shown beside the work time; null while unknown. */
  tracked: number | null;
  /** The week's approved and pending time off (from the same timesheet), marked on its days. */
  timeOff: readonly TimeOffAssignment[];
  /** Per day of the week, why the team's automatic lock holds it for the viewer (from the same timesheet). */
  autoLocks: readonly (readonly string[])[];
  /** Previous / this / next week, composed by the route. */
  weekNav: ReactNode;
  /** The team member picker and the Week / Today tabs, for admins and supervisors. */
  tools?: ReactNode;
  /** Whose timecards, when not the viewer's own (`Ann Lee`). */
  personName?: string | undefined;
  /** Why the viewer may not change these timecards at all; null when they may. */
  readOnlyReason: string | null;
  nameOf: (userId: number) => string;
}

/** The week's timecards: one row per day with clock in, clock out and break, each saved on its own. */
export function TimecardsPage({ userId, weekId, weekStart, today, tracked, timeOff, autoLocks, weekNav, tools, personName, readOnlyReason, nameOf }: TimecardsPageProps) {
  const api = useApi();
  const narrow = useNarrow();
  const { from, to } = weekRange(weekId, weekStart);
  const dates = weekDates(weekId, weekStart);
  const [shownDay, setShownDay] = useState(() => (dates.includes(today) ? today : dates[0]!));
  const { data: cards } = useSuspenseQuery(timecardsQueryOptions(api, userId, from, to));
  const { saver, pending, justSaved } = useFieldSaver(userId);
  const byDate = new Map(cards.map((c) => [c.date, c]));
  const work = cards.reduce((sum, c) => sum + c.workTime, 0);
  const breaks = cards.reduce((sum, c) => sum + c.breakTime, 0);
  const unsaved = pending.filter((c) => c.date >= from && c.date <= to);
  const offDays = new Set(dates.filter((d) => timeOffOn(timeOff, d).length > 0));
  const flagged = new Set([...cards.filter((c) => c.invalid).map((c) => c.date), ...unsaved.filter((c) => c.status === 'failed').map((c) => c.date)]);

  return (
    <div className={s.page}>
      {tools}
      <header className={s.header}>
        <h1 className="page__title">
          {personName ? `Timecards of ${personName}` : 'Timecards'}
          <span className={s.range}>
            {weekNumberLabel(weekId)}, {weekLabel(weekId, weekStart)}
          </span>
        </h1>
        {weekNav}
      </header>

      {readOnlyReason && (
        <p className={s.note} data-testid="read-only-note">
          {readOnlyReason}
        </p>
      )}

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

      {narrow && <DaySwitcher dates={dates} shown={shownDay} today={today} flagged={flagged} timeOff={offDays} onShow={setShownDay} />}

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
          {dates.map((date, row) =>
            narrow && date !== shownDay ? null : (
              <DayRow
                key={date}
                date={date}
                row={row}
                today={today}
                card={byDate.get(date) ?? null}
                timeOff={timeOff}
                autoLock={autoLocks[row] ?? []}
                changes={unsaved.filter((c) => c.date === date)}
                justSaved={justSaved}
                readOnlyReason={readOnlyReason}
                nameOf={nameOf}
                onCommit={(field, value) => saver.save(date, field, value)}
                onRetry={(field) => saver.retry(date, field)}
                onDiscard={(field) => saver.discard(date, field)}
              />
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
