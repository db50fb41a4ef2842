import type { Timecard } from '../../../contract/timecards.ts';
import { formatDuration } from '../../lib/duration.ts';
import { whenLabel } from '../../lib/format.ts';
import s from './day-history.module.css';

type Entry = Timecard['history'][number];

const actionLabel: Record<Entry['action'], string> = { 'clock-in': 'Clock in', 'clock-out': 'Clock out', break: 'Break' };
const triggerLabel: Record<Entry['trigger'], string> = {
  manually: 'typed',
  button: 'clock button',
  timer: 'timer',
  'day-end': 'end of day',
  'idle-state': 'idle',
};

/** A break's `HH:MM:SS` as the fields show it (`0:45`); clock times as they are. */
function valueLabel(action: Entry['action'], value: string | null): string | null {
  if (value === null) return null;
  if (action !== 'break') return value;
  const [h = 0, m = 0, sec = 0] = value.split(':').map(Number);
  return formatDuration(h * 3600 + m * 60 + sec);
}

/** What one change did: `17:00 → 18:00`, `set to 09:00`, `cleared (was 09:00)`. */
export function changeLabel(e: Entry): string {
  const before = valueLabel(e.action, e.previousTime);
  const after = valueLabel(e.action, e.time);
  if (before === null) return `set to ${after ?? 'nothing'}`;
  if (after === null) return `cleared (was ${before})`;
  return `${before} → ${after}`;
}

/** The day's edit history, newest first: what changed, who changed it, how and when. */
export function DayHistory({ id, history, nameOf }: { id: string; history: Timecard['history']; nameOf: (userId: number) => string }) {
  return (
    <ol id={id} className={s.list} aria-label="Edit history">
      {[...history].reverse().map((e, i) => (
        <li key={i} className={s.item}>
          <span>
            <strong>{actionLabel[e.action]}</strong> <span className={s.change}>{changeLabel(e)}</span>
          </span>
          <span className={s.meta}>
            by {nameOf(e.user)} · {triggerLabel[e.trigger]} · {whenLabel(e.createdAt)}
          </span>
        </li>
      ))}
    </ol>
  );
}
