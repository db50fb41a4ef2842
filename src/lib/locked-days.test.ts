import { describe, expect, it } from 'vitest';
import { lockedDays } from './locked-days.ts';
import { dayInfo, weekDates } from './week.ts';

const days = weekDates(2648, 1).map((d) => dayInfo(d, 'en-US'));
const none: string[] = [];

describe('lockedDays', () => {
  it('is null when no day is locked', () => {
    expect(lockedDays(days, Array(7).fill(none))).toBeNull();
  });
  it('names the whole week as one thing, with each reason once', () => {
    expect(lockedDays(days, Array(7).fill(['Locked after 7 days']))).toEqual({
      list: 'The whole week',
      one: true,
      reasons: 'Locked after 7 days',
    });
  });
  it('lists some days by their short names', () => {
    const locks = [['Locked after 7 days'], ['Locked after 7 days', 'Locked before 2026-12-01'], none, none, none, none, none];
    expect(lockedDays(days, locks)).toEqual({
      list: `${days[0]!.short}, ${days[1]!.short}`,
      one: false,
      reasons: 'Locked after 7 days; Locked before 2026-12-01',
    });
    expect(lockedDays(days, [none, none, ['x'], none, none, none, none])?.one).toBe(true);
  });
});
