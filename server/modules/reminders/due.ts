import { addDays, format, parseISO } from 'date-fns';
import { defaultReminderSchedule, type ReminderSchedule } from '../../../contract/reminders.ts';
import { clockAtOffset, dateAtOffset } from '../../../contract/weeks.ts';

// Which reminders are due for a person at a moment: a pure function of the team's schedule, the person's
// time zone, workdays and approved time off, and the clock. The scheduler stores each answer under its
// (person, kind, period) key, so asking twice for the same moment gives the same keys and nothing twice.

export type ReminderKind = 'reminder.submit' | 'reminder.missing' | 'reminder.timer';

/** What deciding needs of the team's schedule (contract/reminders.ts): local times, the timer limit, each on or off. */
export type TeamSchedule = Pick<ReminderSchedule, 'submitAt' | 'submitOn' | 'missingAt' | 'missingOn' | 'timerLimitHours' | 'timerOn'>;

export interface Person {
  /** An IANA time zone, or a UTC offset in hours as people's profiles hold it (fractions allowed). */
  timeZone: string | number;
  /** ISO weekdays the person works (1 = Monday … 7 = Sunday). */
  workdays: number[];
  /** Local dates (yyyy-MM-dd) of approved time off. */
  timeOff: Set<string>;
  /** The running timer, if any: its id and when it started. */
  timer?: { id: number; startedAt: Date };
}

export interface DueReminder {
  kind: ReminderKind;
  /** The day the reminder is about (yyyy-MM-dd, local), the period of its once-only key. */
  period: string;
}

export const defaultSchedule: TeamSchedule = defaultReminderSchedule;

/** The person's local date and "HH:mm" at `now`. */
export function localNow(now: Date, timeZone: string | number): { date: string; time: string } {
  if (typeof timeZone === 'number') return { date: dateAtOffset(now, timeZone), time: clockAtOffset(now, timeZone) };
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const isoDay = (date: string) => Number(format(parseISO(date), 'i'));
const works = (p: Person, date: string) => p.workdays.includes(isoDay(date)) && !p.timeOff.has(date);

/** The reminders due for `p` at `now`: each fires from its local time onward on the day it belongs to. */
export function dueReminders(s: TeamSchedule, p: Person, now: Date): DueReminder[] {
  const due: DueReminder[] = [];
  // A long timer is told about whatever the day: it keeps counting on days off too. Its period is the timer.
  if (s.timerOn && p.timer && now.getTime() - p.timer.startedAt.getTime() >= s.timerLimitHours * 3_600_000)
    due.push({ kind: 'reminder.timer', period: `timer-${p.timer.id}` });
  const { date, time } = localNow(now, p.timeZone);
  if (!works(p, date)) return due;
  const lastWorkday = Math.max(...p.workdays);
  if (s.submitOn && isoDay(date) === lastWorkday && time >= s.submitAt) due.push({ kind: 'reminder.submit', period: date });
  if (s.missingOn && time >= s.missingAt) {
    // The previous workday (skipping days off and time off, at most a week back) is the one checked for missing time.
    for (let i = 1; i <= 7; i++) {
      const prev = format(addDays(parseISO(date), -i), 'yyyy-MM-dd');
      if (works(p, prev)) {
        due.push({ kind: 'reminder.missing', period: prev });
        break;
      }
    }
  }
  return due;
}
