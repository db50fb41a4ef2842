import { describe, expect, it } from 'vitest';
import { addDays, burn, daysBetween } from './forecast.ts';

const base = { budget: 100, from: '2026-03-01', to: '2026-03-31', today: '2026-03-10', fees: 0 };

describe('burn and forecast', () => {
  it('counts the pace over every calendar day since the start and finds the day the budget runs out', () => {
    // 40 used in 10 days: 4 a day; 60 left takes 15 more days: 25 March.
    const s = burn({
      ...base,
      days: [
        { date: '2026-03-02', used: 10 },
        { date: '2026-03-09', used: 30 },
      ],
    });
    expect(s.elapsedDays).toBe(10);
    expect(s.pace).toBe(4);
    expect(s.forecast).toEqual({ kind: 'runs-out', on: '2026-03-25', daysLeft: 15 });
    expect(s.points[0]).toEqual({ date: '2026-03-01', used: 0, forecast: null });
    expect(s.points[1]).toEqual({ date: '2026-03-02', used: 10, forecast: null });
    expect(s.points[9]).toEqual({ date: '2026-03-10', used: 40, forecast: 40 });
    expect(s.points.at(-1)).toEqual({ date: '2026-03-31', used: null, forecast: 124 });
    expect(s.points).toHaveLength(31);
  });

  it('rounds a part day up: the day the running total reaches the budget', () => {
    // 30 in 10 days: 3 a day; 70 left takes 23.3 days: the 24th day after today.
    const s = burn({ ...base, to: null, days: [{ date: '2026-03-05', used: 30 }] });
    expect(s.forecast).toEqual({ kind: 'runs-out', on: addDays('2026-03-10', 24), daysLeft: 24 });
  });

  it('stays within a budget whose period ends first, with the projected total', () => {
    const s = burn({ ...base, days: [{ date: '2026-03-03', used: 20 }] });
    // 2 a day; 21 days left in March: 20 + 42 = 62.
    expect(s.forecast).toEqual({ kind: 'within', projected: 62 });
  });

  it('says when the budget was already used up, counting fees from the start', () => {
    const s = burn({
      ...base,
      fees: 50,
      days: [
        { date: '2026-03-04', used: 30 },
        { date: '2026-03-06', used: 30 },
      ],
    });
    expect(s.used).toBe(110);
    expect(s.forecast).toEqual({ kind: 'over', on: '2026-03-06' });
  });

  it('has no pace before any use, or before the period starts', () => {
    expect(burn({ ...base, days: [] }).forecast).toEqual({ kind: 'no-pace' });
    expect(burn({ ...base, from: null, to: null, days: [] }).forecast).toEqual({ kind: 'no-pace' });
    expect(burn({ ...base, from: '2026-04-01', days: [] }).points).toEqual([]);
  });

  it('ignores use outside the period and crosses month and year ends', () => {
    const s = burn({
      budget: 10,
      from: '2026-12-30',
      to: null,
      today: '2027-01-01',
      fees: 0,
      days: [
        { date: '2026-12-29', used: 99 },
        { date: '2027-01-01', used: 3 },
      ],
    });
    expect(s.used).toBe(3);
    expect(s.pace).toBe(1);
    expect(s.forecast).toEqual({ kind: 'runs-out', on: '2027-01-08', daysLeft: 7 });
    expect(daysBetween('2026-12-30', '2027-01-08')).toBe(9);
  });
});
