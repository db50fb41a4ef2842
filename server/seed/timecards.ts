import { addDays, clockAtOffset, dateAtOffset, minutesOf } from '../../contract/weeks.ts';
import type { StoredTimecardEntry } from '../db/schema/index.ts';
import { prng } from './time.ts';

export interface TimecardPerson {
  userId: number;
  timezone: number;
  /** Works nights now and then: one shift of the last weeks runs past midnight. */
  nightShift?: boolean;
  /** Clocked in at the moment of seeding, so the team's Today view has someone at work. */
  atWorkNow?: boolean;
  /** One of their recent clock-outs was corrected by the admin. */
  correctedByAdmin?: boolean;
}

export interface PlannedTimecard {
  userId: number;
  date: string;
  clockIn: string;
  clockOut: string | null;
  breakTime: number;
  history: StoredTimecardEntry[];
  createdAt: Date;
  updatedAt: Date;
}

/** How many days back the demo's timecards reach. */
export const TIMECARD_DAYS = 21;

const clock = (minutes: number) => {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const hms = (seconds: number) => `${clock(seconds / 60)}:00`;
/** The UTC instant of `date` `HH:MM` (plus `dayAfter` days) in a timezone `offset` hours from UTC. */
const instant = (date: string, time: string, offset: number, dayAfter = 0) =>
  new Date(Date.parse(`${addDays(date, dayAfter)}T${time}:00Z`) - offset * 3_600_000);

/**
 * Timecards for the days each person logged time in the last three weeks: a clock-in between 08:30 and
 * 09:30 with the clock button, a typed break, and a clock-out that covers the day's tracked time give or
 * take a quarter. One shift of a night worker runs 22:00 past midnight; one clock-out is corrected by the
 * admin (so the history shows who changed what); someone is clocked in right now.
 */
export function planTimecards(
  people: TimecardPerson[],
  records: { userId: number; date: string; time: number }[],
  adminId: number,
  now: Date,
  seed = 20_260_301,
): PlannedTimecard[] {
  const rand = prng(seed);
  const first = addDays(now.toISOString().slice(0, 10), -TIMECARD_DAYS);
  const worked = new Map<string, number>();
  for (const r of records) if (r.date >= first) worked.set(`${r.userId}|${r.date}`, (worked.get(`${r.userId}|${r.date}`) ?? 0) + r.time);
  const out: PlannedTimecard[] = [];
  for (const p of people) {
    const dates = [...worked.keys()].filter((k) => k.startsWith(`${p.userId}|`)).map((k) => k.split('|')[1]!).sort();
    const today = dateAtOffset(now, p.timezone);
    const night = p.nightShift ? dates.filter((d) => d < addDays(today, -1)).at(-3) : undefined;
    for (const date of dates) {
      if (date >= today) continue;
      const breakTime = [1800, 2700, 3600][Math.floor(rand() * 3)]!;
      const start = date === night ? 22 * 60 : 8 * 60 + 30 + Math.floor(rand() * 5) * 15;
      const end = start + (worked.get(`${p.userId}|${date}`)! + breakTime) / 60 + (Math.floor(rand() * 3) - 1) * 15;
      const clockIn = clock(start);
      const clockOut = clock(Math.round(end / 5) * 5);
      const overnight = minutesOf(clockOut) < minutesOf(clockIn) ? 1 : 0;
      const at = (time: string, dayAfter = 0) => instant(date, time, p.timezone, dayAfter).toISOString();
      const history: StoredTimecardEntry[] = [
        { action: 'clock-in', previousTime: null, time: clockIn, trigger: 'button', userId: p.userId, at: at(clockIn) },
        { action: 'break', previousTime: hms(0), time: hms(breakTime), trigger: 'manually', userId: p.userId, at: at(clockOut, overnight) },
        { action: 'clock-out', previousTime: null, time: clockOut, trigger: 'button', userId: p.userId, at: at(clockOut, overnight) },
      ];
      let finalOut = clockOut;
      if (p.correctedByAdmin && date === dates.filter((d) => d < today).at(-2)) {
        // Forgot to clock out on time: the admin sets the real end the next morning.
        finalOut = clock(minutesOf(clockOut) - 30);
        history.push({ action: 'clock-out', previousTime: clockOut, time: finalOut, trigger: 'manually', userId: adminId, at: at('10:00', 1) });
      }
      const last = new Date(history.at(-1)!.at);
      out.push({ userId: p.userId, date, clockIn, clockOut: finalOut, breakTime, history, createdAt: new Date(history[0]!.at), updatedAt: last });
    }
    if (p.atWorkNow) {
      const local = minutesOf(clockAtOffset(now, p.timezone));
      if (local >= 6 * 60) {
        const clockIn = clock(Math.max(6 * 60, Math.floor((local - 120) / 15) * 15));
        const at = instant(today, clockIn, p.timezone);
        out.push({ userId: p.userId, date: today, clockIn, clockOut: null, breakTime: 0, history: [{ action: 'clock-in', previousTime: null, time: clockIn, trigger: 'button', userId: p.userId, at: at.toISOString() }], createdAt: at, updatedAt: at });
      }
    }
  }
  return out;
}
