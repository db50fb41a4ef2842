import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockAtOffset,
  dateAtOffset,
  datesFromTo,
  dayNameOf,
  isDate,
  isWeekId,
  isoWeekOf,
  isoWeeksInYear,
  mondayOf,
  shiftSeconds,
  shiftWeek,
  toDayMonthYear,
  weekDates,
  weekIdOf,
  weekRange,
  workdaysBetween,
} from './weeks.ts';
import { parseTimesheetId, timesheetId } from './timesheet-ids.ts';

describe('week ids around year ends (weeks start on Monday)', () => {
  it.each([
    ['2026-12-28', 2653],
    ['2027-01-01', 2653],
    ['2027-01-03', 2653],
    ['2027-01-04', 2701],
    ['2024-12-30', 2501],
    ['2025-01-01', 2501],
    ['2024-12-29', 2452],
    ['2020-12-31', 2053],
    ['2021-01-03', 2053],
    ['2021-01-04', 2101],
    ['2025-08-25', 2535],
    ['2026-06-15', 2625],
  ])('%s is in week %i', (date, id) => {
    expect(weekIdOf(date)).toBe(id);
    expect(weekIdOf(date, 1)).toBe(id);
  });

  it.each([
    [2653, '2026-12-28', '2027-01-03'],
    [2701, '2027-01-04', '2027-01-10'],
    [2501, '2024-12-30', '2025-01-05'],
    [2053, '2020-12-28', '2021-01-03'],
    [2535, '2025-08-25', '2025-08-31'],
  ])('week %i runs %s to %s', (id, from, to) => {
    expect(weekRange(id)).toEqual({ from, to });
    expect(mondayOf(id)).toBe(from);
  });
});

describe('weeks that start on other days', () => {
  it.each([
    // weekStart 0: Sunday to Saturday, named by the Monday inside
    [0, '2026-12-27', 2653, '2026-12-27', '2027-01-02'],
    [0, '2027-01-02', 2653, '2026-12-27', '2027-01-02'],
    [0, '2027-01-03', 2701, '2027-01-03', '2027-01-09'],
    // weekStart 6: Saturday to Friday
    [6, '2026-12-26', 2653, '2026-12-26', '2027-01-01'],
    [6, '2027-01-02', 2701, '2027-01-02', '2027-01-08'],
    // weekStart 2: Tuesday to Monday, the Monday is the last day
    [2, '2026-12-22', 2653, '2026-12-22', '2026-12-28'],
    [2, '2026-12-29', 2701, '2026-12-29', '2027-01-04'],
  ])('start %i: %s is in week %i (%s to %s)', (start, date, id, from, to) => {
    expect(weekIdOf(date, start)).toBe(id);
    expect(weekRange(id, start)).toEqual({ from, to });
    const dates = weekDates(id, start);
    expect(dates).toHaveLength(7);
    expect(dates[0]).toBe(from);
    expect(dates[6]).toBe(to);
    expect(dates.filter((d) => dayNameOf(d) === 'monday')).toHaveLength(1);
    for (const d of dates) expect(weekIdOf(d, start)).toBe(id);
  });

  it('every day of several years maps back into its own week range', () => {
    for (const start of [0, 1, 3, 6]) {
      for (let d = '2019-12-01'; d < '2028-02-01'; d = addDays(d, 1)) {
        const id = weekIdOf(d, start);
        const { from, to } = weekRange(id, start);
        expect(d >= from && d <= to, `${d} start ${start}`).toBe(true);
      }
    }
  });
});

describe('ISO weeks and validity', () => {
  it('knows 53-week years', () => {
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2020)).toBe(53);
    expect(isoWeeksInYear(2025)).toBe(52);
    expect(isoWeekOf('2027-01-01')).toEqual({ year: 2026, week: 53 });
  });
  it.each([
    [2653, true],
    [2553, false],
    [2552, true],
    [2599, false],
    [2600, false],
    [2601, true],
    [10001, false],
    [-1, false],
    [26.5, false],
  ])('week id %d valid: %s', (id, ok) => expect(isWeekId(id)).toBe(ok));
  it('refuses to compute an invalid week', () => {
    expect(() => mondayOf(2599)).toThrow(RangeError);
    expect(() => timesheetId(1, 2599)).toThrow(RangeError);
  });
  it('shifts weeks across year ends', () => {
    expect(shiftWeek(2653, 1)).toBe(2701);
    expect(shiftWeek(2701, -1)).toBe(2653);
    expect(shiftWeek(2552, 1)).toBe(2601);
  });
});

describe('dates', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-30', false],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2026-13-01', false],
    ['26-01-01', false],
  ])('%s is a date: %s', (s, ok) => expect(isDate(s)).toBe(ok));
  it('writes day-month-year', () => expect(toDayMonthYear('2025-08-25')).toBe('25-08-2025'));
});

describe('timesheet ids', () => {
  it.each([
    [14856, 2535, 148562535],
    [1, 2653, 12653],
    [7, 501, 70501],
    [123, 2701, 1232701],
  ])('user %i week %i is %i', (user, week, id) => {
    expect(timesheetId(user, week)).toBe(id);
    expect(parseTimesheetId(id)).toEqual({ userId: user, weekId: week });
    expect(parseTimesheetId(String(id))).toEqual({ userId: user, weekId: week });
  });
  it.each(['12599', '2653', '02653', 'abc', '1-2653', '12653.5', ''])('%s is not a timesheet id', (s) => {
    expect(parseTimesheetId(s)).toBeNull();
  });
});

describe('workdays', () => {
  it.each([
    ['2026-06-01', '2026-06-05', 5], // Mon–Fri
    ['2026-06-05', '2026-06-08', 2], // Fri–Mon across a weekend
    ['2026-06-06', '2026-06-07', 0], // Sat–Sun
    ['2026-06-06', '2026-06-06', 0],
    ['2026-06-03', '2026-06-03', 1],
    ['2026-06-01', '2026-06-14', 10], // two full weeks
    ['2026-06-04', '2026-06-16', 9], // Thu to Tue of the week after next
    ['2026-12-24', '2027-01-04', 8], // across the year end
    ['2026-06-05', '2026-06-01', 0], // reversed
  ])('%s to %s has %i workdays', (from, to, n) => expect(workdaysBetween(from, to)).toBe(n));
  it('agrees with counting day by day', () => {
    for (let len = 0; len < 30; len++) {
      for (let s = '2026-03-01'; s < '2026-03-08'; s = addDays(s, 1)) {
        const e = addDays(s, len);
        let n = 0;
        for (let d = s; d <= e; d = addDays(d, 1)) if (!['saturday', 'sunday'].includes(dayNameOf(d))) n++;
        expect(workdaysBetween(s, e)).toBe(n);
      }
    }
  });
});

describe('clock times in a UTC offset', () => {
  it.each([
    ['2026-06-01T22:30:00Z', 5.5, '2026-06-02', '04:00'],
    ['2026-06-02T02:00:00Z', -5, '2026-06-01', '21:00'],
    ['2026-06-01T23:59:00Z', 0, '2026-06-01', '23:59'],
    ['2026-06-01T18:15:00Z', 5.75, '2026-06-02', '00:00'],
    ['2026-01-01T03:00:00Z', -3.5, '2025-12-31', '23:30'],
    // the night Europe moves to summer time: the same instant in +1 (winter) and +2 (summer)
    ['2026-03-29T00:30:00Z', 1, '2026-03-29', '01:30'],
    ['2026-03-29T00:30:00Z', 2, '2026-03-29', '02:30'],
    ['2026-10-25T00:30:00Z', 2, '2026-10-25', '02:30'],
    ['2026-10-25T01:30:00Z', 1, '2026-10-25', '02:30'],
  ])('%s at %d is %s %s', (iso, offset, date, time) => {
    expect(dateAtOffset(new Date(iso), offset)).toBe(date);
    expect(clockAtOffset(new Date(iso), offset)).toBe(time);
  });
  it.each([
    ['09:00', '17:30', 8.5 * 3600],
    ['22:00', '06:00', 8 * 3600],
    ['23:45', '00:15', 30 * 60],
    ['00:00', '23:59', 1439 * 60],
    ['08:00', '08:00', 0],
  ])('a shift %s to %s lasts %i s', (a, b, s) => expect(shiftSeconds(a, b)).toBe(s));
});

describe('datesFromTo', () => {
  it('lists every day of a range, across a month end and a daylight-saving change; none when backwards', () => {
    expect(datesFromTo('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(datesFromTo('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(datesFromTo('2026-11-27', '2026-11-27')).toEqual(['2026-11-27']);
    expect(datesFromTo('2026-11-28', '2026-11-27')).toEqual([]);
  });
});
