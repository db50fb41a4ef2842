import { addDays, weekdayOf } from '../../contract/weeks.ts';
import { allocations, timeOff, timeOffTypes } from '../db/schema/index.ts';
import type { Scope } from '../db/scope.ts';
import { timeOffDays } from '../modules/timeoff/present.ts';
import type { PersonKey } from './data.ts';

const types = [
  { name: 'Vacation', color: '#2e7d32', paid: true, description: 'Paid holiday from the yearly allowance' },
  { name: 'Sick leave', color: '#c62828', paid: true, description: '' },
  { name: 'Unpaid leave', color: '#6d6d6d', paid: false, description: '' },
] as const;

/** The `n`th weekday after `date` (n ≥ 1), or before it when n is negative. */
function weekday(date: string, n: number): string {
  let d = date;
  for (let left = Math.abs(n); left > 0;) {
    d = addDays(d, Math.sign(n));
    if (weekdayOf(d) % 6 !== 0) left--;
  }
  return d;
}

type Period = 'full-day' | 'half-of-day' | 'quarter-of-day' | 'half-and-quarter-of-day';
interface DemoRequest {
  who: PersonKey;
  type: (typeof types)[number]['name'];
  /** Weekdays from today to the first and the last day. */
  from: number;
  to: number;
  period?: Period;
  status: 'pending' | 'approved' | 'rejected';
  note?: string;
  comment?: string;
}

const requests: DemoRequest[] = [
  { who: 'priya', type: 'Vacation', from: 15, to: 19, status: 'pending', note: 'Family wedding in Lisbon' },
  { who: 'tomas', type: 'Vacation', from: 3, to: 3, period: 'half-of-day', status: 'pending', note: 'Dentist in the afternoon' },
  { who: 'tomas', type: 'Vacation', from: 8, to: 12, status: 'approved' },
  { who: 'marcus', type: 'Vacation', from: 20, to: 21, status: 'approved' },
  { who: 'hannah', type: 'Sick leave', from: -6, to: -5, status: 'approved' },
  { who: 'priya', type: 'Vacation', from: -12, to: -12, status: 'approved' },
  {
    who: 'priya',
    type: 'Unpaid leave',
    from: 6,
    to: 6,
    status: 'rejected',
    note: 'Moving house',
    comment: 'Launch review that day; could you take the Friday after instead?',
  },
];

/** Time-off types, this year's allowances and a few requests in each state, around `today`. */
export async function seedTimeOff(scope: Scope, ids: Record<PersonKey, number>, adminId: number, today: string, now: Date) {
  const rows = await scope.insertMany(
    timeOffTypes,
    types.map((t) => ({ ...t })),
  );
  const typeId = (name: string) => rows.find((r) => r.name === name)!.id;
  const year = today.slice(0, 4);
  const people = Object.keys(ids) as PersonKey[];
  await scope.insertMany(allocations, [
    ...people.map((p) => ({
      userId: ids[p],
      typeId: typeId('Vacation'),
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      days: 25,
      daysCarried: p === 'priya' ? 3 : 0,
      restrictOverAllocation: true,
      notes: '',
      createdBy: adminId,
      createdAt: now,
    })),
    ...people.map((p) => ({
      userId: ids[p],
      typeId: typeId('Sick leave'),
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      days: 10,
      daysCarried: 0,
      restrictOverAllocation: false,
      notes: '',
      createdBy: adminId,
      createdAt: now,
    })),
  ]);
  const made = await scope.insertMany(
    timeOff,
    requests.map((r) => {
      const startDate = weekday(today, r.from);
      const endDate = weekday(today, r.to);
      const period = r.period ?? 'full-day';
      const decided = r.status !== 'pending';
      return {
        userId: ids[r.who],
        typeId: typeId(r.type),
        startDate,
        endDate,
        period,
        status: r.status,
        days: timeOffDays(startDate, endDate, period),
        reviewerId: adminId,
        note: r.note ?? '',
        reviewedBy: decided ? adminId : null,
        reviewedAt: decided ? now : null,
        reviewComment: r.comment ?? '',
        createdBy: ids[r.who],
        createdAt: now,
      };
    }),
  );
  return { types: rows.length, requests: made.length };
}
