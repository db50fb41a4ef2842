import { useState } from 'react';
import type { Timecard } from '../../../contract/timecards.ts';
import type { TimeOffAssignment } from '../../../contract/timeoff.ts';
import { formatDuration } from '../../lib/duration.ts';
import { parseDuration } from '../../lib/parse-duration.ts';
import { dayInfo } from '../../lib/week.ts';
import { readableLockReason } from '../../lib/week-labels.ts';
import { DayTimeOff, timeOffOn } from '../time-off/grid-marker.tsx';
import { CardField } from './card-field.tsx';
import { parseClockTime, shiftLabel } from './clock-time.ts';
import { DayHistory } from './day-history.tsx';
import type { CardField as Field, FieldChange } from './field-saver.ts';
import s from './timecards.module.css';

const parseBreak = (text: string) => {
  if (text.trim() === '') return { ok: true as const, value: 0 };
  const d = parseDuration(text);
  return d.ok ? { ok: true as const, value: d.seconds } : d;
};
const formatBreak = (v: string | number | null) => (typeof v === 'number' && v > 0 ? formatDuration(v) : '');
const formatClockValue = (v: string | number | null) => (typeof v === 'string' ? v : '');

export interface DayRowProps {
  date: string;
  row: number;
  today: string;
  card: Timecard | null;
  /** The week's time off; the day's shows under its name, read-only. */
  timeOff: readonly TimeOffAssignment[];
  /** Why the team's automatic lock holds the day, also when it has no card yet. */
  autoLock: readonly string[];
  changes: FieldChange[];
  justSaved: ReadonlySet<string>;
  /** Why the viewer may not change this person's days at all (a supervisor looking at a member); null when they may. */
  readOnlyReason: string | null;
  nameOf: (userId: number) => string;
  onCommit: (field: Field, value: string | number | null) => void;
  onRetry: (field: Field) => void;
  onDiscard: (field: Field) => void;
}

/** One day: its three fields, the shift and work time, its lock, and its edit history on demand. */
export function DayRow({ date, row, today, card, timeOff, autoLock, changes, justSaved, readOnlyReason, nameOf, onCommit, onRetry, onDiscard }: DayRowProps) {
  const [showHistory, setShowHistory] = useState(false);
  const day = dayInfo(date);
  const lockReasons = card?.isLocked ? card.lockReasons : autoLock;
  const locked = (card?.isLocked ?? false) || autoLock.length > 0;
  const readOnly = locked || readOnlyReason !== null;
  const change = (f: Field) => changes.find((c) => c.field === f);
  const value = <T,>(f: Field, server: T): T => (change(f)?.value as T | undefined) ?? server;
  const clockIn = value<string | null>('clockIn', card?.clockIn ?? null);
  const clockOut = value<string | null>('clockOut', card?.clockOut ?? null);
  const history = card?.history ?? [];
  const historyId = `history-${date}`;
  const common = (f: Field, label: string) => ({
    label: `${label}, ${day.full}`,
    change: change(f),
    saved: justSaved.has(`${date}|${f}`),
    readOnly,
    problem: card?.invalid?.[f],
    onCommit: (v: string | number | null) => onCommit(f, v),
    onRetry: () => onRetry(f),
    onDiscard: () => onDiscard(f),
    column: f,
    row,
  });
  return (
    <>
      <tr className={`${s.row} ${date === today ? s.today : ''} ${day.weekend ? s.weekend : ''}`} aria-current={date === today ? 'date' : undefined}>
        <th scope="row" className={s.day}>
          <span className={s.dayName}>{day.full}</span>
          {timeOffOn(timeOff, date).length > 0 && (
            <span className={s.timeOff}>
              <DayTimeOff offs={timeOff} date={date} />
            </span>
          )}
          {locked && <span className={s.lock}>Read-only: {lockReasons.map((r) => readableLockReason(r)).join('; ')}</span>}
          {history.length > 0 && (
            <button
              type="button"
              className={`${s.link} ${s.historyToggle}`}
              aria-label={`${showHistory ? 'Hide history' : `History (${history.length})`}, ${day.full}`}
              aria-expanded={showHistory}
              aria-controls={showHistory ? historyId : undefined}
              onClick={() => setShowHistory((v) => !v)}
            >
              {showHistory ? 'Hide history' : `History (${history.length})`}
            </button>
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
      {showHistory && history.length > 0 && (
        <tr className={s.historyRow}>
          <td colSpan={6}>
            <DayHistory id={historyId} history={history} nameOf={nameOf} />
          </td>
        </tr>
      )}
    </>
  );
}
