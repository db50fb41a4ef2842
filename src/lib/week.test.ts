import { describe, expect, it } from 'vitest';
import { nextWeek, parseWeekParam, previousWeek, thisWeek, weekDates, weekLabel, weekOfDate, dayInfo } from './week.ts';
import { readableLockReason, weekParam } from './week-labels.ts';

describe('week navigation across year ends', () => {
  it.each([
    // [week, previous, next]
    [2601, 2552, 2602], // 2025 has 52 ISO weeks
    [2552, 2551, 2601],
    [2653, 2652, 2701], // 2026 has 53
    [2701, 2653, 2702],
    [2101, 2053, 2102], // 2020 had 53
    [2001, 1952, 2002], // 2019 had 52
  ])('around %i: previous %i, next %i', (week, prev, next) => {
    expect(previousWeek(week)).toBe(prev);
    expect(nextWeek(week)).toBe(next);
    expect(nextWeek(previousWeek(week))).toBe(week);
  });

  it('lays out the week that crosses the new year for Monday and Sunday starts', () => {
    expect(weekDates(2601, 1)).toEqual(['2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']);
    expect(weekDates(2601, 0)).toEqual(['2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03']);
    expect(weekLabel(2601, 1, 'en-US')).toBe('Dec 29, 2025 \u2013 Jan 4, 2026');
    expect(weekLabel(2649, 1, 'en-US')).toBe('Nov 30 \u2013 Dec 6, 2026');
    expect(weekLabel(2647, 1, 'en-US')).toBe('Nov 16 \u2013 22, 2026');
    // In the user's locale, like the browser's own date picker.
    expect(weekLabel(2647, 1, 'en-GB')).toBe('16 \u2013 22 Nov 2026');
  });

  it('finds the week of a date picked in the calendar', () => {
    expect(weekOfDate('2026-01-01', 1)).toBe(2601);
    expect(weekOfDate('2027-01-01', 1)).toBe(2653);
    expect(weekOfDate('2027-01-03', 1)).toBe(2653);
    expect(weekOfDate('2027-01-04', 1)).toBe(2701);
    // A Sunday-start week that begins on Sunday 2027-01-03 holds Monday 2027-01-04: week 2701.
    expect(weekOfDate('2027-01-03', 0)).toBe(2701);
  });

  it('knows this week from the clock, the time zone and the week start', () => {
    const now = new Date('2026-12-31T23:30:00Z');
    expect(thisWeek(now, 0, 1)).toBe(2653);
    // Already Friday 2027-01-01 in UTC+2: still ISO week 53 of 2026.
    expect(thisWeek(now, 2, 1)).toBe(2653);
    expect(thisWeek(new Date('2026-12-27T23:30:00Z'), 1, 1)).toBe(2653);
    expect(thisWeek(new Date('2026-12-27T23:30:00Z'), 0, 1)).toBe(2652);
    expect(thisWeek(new Date('2027-01-03T23:30:00Z'), 1, 1)).toBe(2701);
  });

  it('reads and writes the URL value', () => {
    expect(parseWeekParam('2647')).toBe(2647);
    expect(parseWeekParam(2647)).toBe(2647);
    expect(parseWeekParam('2653')).toBe(2653);
    expect(parseWeekParam('2553')).toBeUndefined();
    expect(parseWeekParam('2600')).toBeUndefined();
    expect(parseWeekParam('abc')).toBeUndefined();
    expect(parseWeekParam(undefined)).toBeUndefined();
    expect(parseWeekParam('0901')).toBe(901);
    expect(weekParam(901)).toBe('0901');
  });

  it('describes days', () => {
    expect(dayInfo('2026-11-22', 'en-US')).toMatchObject({ short: 'Sun', long: 'Sunday', dayOfMonth: 22, weekend: true, full: 'Sunday, Nov 22' });
    expect(dayInfo('2026-11-22', 'en-GB')).toMatchObject({ short: 'Sun', full: 'Sunday 22 Nov' });
    expect(dayInfo('2026-11-23').weekend).toBe(false);
  });
});

describe('readableLockReason', () => {
  it('names a week by its number, as the header does', () => {
    expect(readableLockReason('Week 2648 is pending approval')).toBe('Week 48 is pending approval');
    expect(readableLockReason('Week 2701 is approved')).toBe('Week 1 is approved');
  });
  it("says when an approved week was approved, in the user's words", () => {
    expect(readableLockReason('Approved on 2026-11-16 10:40:00 (week 2646)', 'en-US')).toBe('Week 46 was approved on Nov 16');
    expect(readableLockReason('Approved on 2026-11-16 10:40:00 (week 2646)', 'en-GB')).toBe('Week 46 was approved on 16 Nov');
  });
  it('leaves other reasons as they are', () => {
    expect(readableLockReason('Invoiced on INV-2026-0001')).toBe('Invoiced on INV-2026-0001');
  });
});
