import { addDays, weekdayOf } from '../../contract/weeks.ts';
import { toDate } from '../lib/time.ts';

export interface Worker {
  userId: number;
  /** Hours usually logged on a weekday. */
  dailyHours: number;
  /** Open tasks this person works on. */
  taskIds: number[];
}

export interface PlannedRecord {
  userId: number;
  taskId: number;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Seconds, a multiple of 15 minutes. */
  time: number;
  comment: string;
}

const QUARTER = 900;
const comments = ['', '', '', 'Client call', 'Review feedback', 'Pairing session', 'Revisions after review', 'Planning', 'Research'];

/** A small deterministic PRNG (mulberry32), so a seed gives the same demo every time. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The weekdays (Monday to Friday, UTC) of the `days` days before `today`, oldest first. */
export function weekdaysBefore(today: Date, days: number): string[] {
  const out: string[] = [];
  for (let i = days; i >= 1; i--) {
    const d = addDays(toDate(today), -i);
    const dow = weekdayOf(d);
    if (dow !== 0 && dow !== 6) out.push(d);
  }
  return out;
}

/**
 * Believable time for each worker on each weekday: about their usual hours (a day off now and then),
 * split over one to three of their tasks in quarter hours, one record per (user, task, date).
 */
export function planTime(workers: Worker[], dates: string[], seed = 20_260_105): PlannedRecord[] {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const records = new Map<string, PlannedRecord>();
  for (const date of dates) {
    for (const w of workers) {
      if (w.taskIds.length === 0 || rand() < 0.06) continue;
      const target = Math.max(2, w.dailyHours + (rand() - 0.5) * 2) * 3600;
      let left = Math.round(target / QUARTER) * QUARTER;
      const chunks = 1 + Math.floor(rand() * 3);
      for (let i = 0; i < chunks && left > 0; i++) {
        const share = Math.max(2 * QUARTER, Math.round((left * (0.3 + rand() * 0.4)) / QUARTER) * QUARTER);
        const part = i === chunks - 1 ? left : Math.min(left, share);
        const taskId = pick(w.taskIds);
        const key = `${w.userId}/${taskId}/${date}`;
        const existing = records.get(key);
        if (existing) existing.time += part;
        else records.set(key, { userId: w.userId, taskId, date, time: part, comment: pick(comments) });
        left -= part;
      }
    }
  }
  return [...records.values()];
}
