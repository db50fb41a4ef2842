import { describe, expect, it } from 'vitest';
import { labelInterval } from './chart-axis.tsx';
import { intervalFor, moneyBars, rowBars, trendBars } from './chart-data.ts';

const p = (date: string, billableTime: number, nonBillableTime: number) => ({
  date,
  time: billableTime + nonBillableTime,
  billableTime,
  nonBillableTime,
});

describe('trend bars', () => {
  it('draws one bar per day up to 45 days, per week beyond', () => {
    expect(intervalFor('2026-05-01', '2026-06-14')).toBe('day');
    expect(intervalFor('2026-05-01', '2026-06-15')).toBe('week');
  });

  it('fills days without time so the axis is even', () => {
    const bars = trendBars([p('2026-05-01', 3600, 1800), p('2026-05-03', 0, 900)], { from: '2026-05-01', to: '2026-05-04' }, 'day', 1);
    expect(bars.map((b) => [b.key, b.label, b.billable, b.nonBillable])).toEqual([
      ['2026-05-01', '1 May', 1, 0.5],
      ['2026-05-02', '2 May', 0, 0],
      ['2026-05-03', '3 May', 0, 0.25],
      ['2026-05-04', '4 May', 0, 0],
    ]);
  });

  it('starts weeks on the team’s first day, from the week holding the range’s first day', () => {
    const bars = trendBars([p('2026-04-27', 7200, 0), p('2026-05-11', 0, 3600)], { from: '2026-05-01', to: '2026-05-17' }, 'week', 1);
    expect(bars.map((b) => [b.key, b.label, b.billableTime, b.nonBillableTime])).toEqual([
      ['2026-04-27', 'Week of 27 Apr', 7200, 0],
      ['2026-05-04', 'Week of 4 May', 0, 0],
      ['2026-05-11', 'Week of 11 May', 0, 3600],
    ]);
    expect(trendBars([], { from: '2026-05-01', to: '2026-05-02' }, 'week', 0)[0]!.key).toBe('2026-04-26');
  });
});

describe('row bars', () => {
  const rows = Array.from({ length: 14 }, (_, i) => ({
    id: `r${i}`,
    name: `Row ${i}`,
    time: (i + 1) * 3600,
    billableTime: 3600,
    nonBillableTime: i * 3600,
  }));

  it('keeps the largest rows and sums the rest into one bar', () => {
    const bars = rowBars(
      rows,
      (r) => r.id,
      (r) => r.name,
      5,
    );
    expect(bars.map((b) => b.label)).toEqual(['Row 13', 'Row 12', 'Row 11', 'Row 10', '10 others']);
    expect(bars[4]!.billableTime).toBe(10 * 3600);
    expect(bars[4]!.nonBillableTime).toBe((0 + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9) * 3600);
  });

  it('leaves out rows without time', () => {
    expect(
      rowBars(
        [{ id: 'a', name: 'A', time: 0, billableTime: 0, nonBillableTime: 0 }],
        (r) => r.id,
        (r) => r.name,
      ),
    ).toEqual([]);
  });

  it('orders money by the larger of billable amount and costs, keeping losses', () => {
    const bars = moneyBars(
      [
        { id: 'a', name: 'A', billableAmount: 100, costs: 50, profit: 50 },
        { id: 'b', name: 'B', billableAmount: 0, costs: 400, profit: -400 },
        { id: 'c', name: 'C', billableAmount: 0, costs: 0, profit: 0 },
      ],
      (r) => r.id,
      (r) => r.name,
    );
    expect(bars.map((b) => [b.label, b.profit])).toEqual([
      ['B', -400],
      ['A', 50],
    ]);
  });
});

describe('axis labels', () => {
  it('shows every label that fits, and every n-th when they would crowd', () => {
    // 31 days of "12 Mar" (6 characters, 54 px each): all on a wide plot, every eighth on a phone.
    expect(labelInterval(31, 6, 2000)).toBe(0);
    expect(labelInterval(31, 6, 1000)).toBe(1);
    expect(labelInterval(31, 6, 260)).toBe(7);
    expect(labelInterval(5, 14, 260)).toBe(2);
    expect(labelInterval(1, 40, 100)).toBe(0);
  });
});
