import { describe, expect, it } from 'vitest';
import { figureColumns, totalsOf } from '../../../contract/report-columns.ts';
import { csvFigure } from '../../../contract/report-csv.ts';
import { formatFigure, formatMoney, spokenFigure } from './figure-format.ts';
import { headlineOf } from './figures.ts';

const rows = [
  {
    time: 3600,
    billableTime: 3600,
    nonBillableTime: 0,
    timerTimePc: 50,
    billableAmount: 15000,
    costs: 4000,
    profit: 11000,
    profitCosts: 275,
  },
  {
    time: 5400,
    billableTime: 1800,
    nonBillableTime: 3600,
    timerTimePc: 0,
    billableAmount: 2501,
    costs: 6000,
    profit: -3499,
    profitCosts: -58,
  },
];

describe('headline figures', () => {
  it('sums time, billable time and its share, and money as the role allows', () => {
    expect(headlineOf(rows, 'admin')).toEqual({
      time: 9000,
      billableTime: 5400,
      billableShare: 60,
      billableAmount: 17501,
      costs: 10000,
      profit: 7501,
      returnOnCosts: 75,
    });
    expect(headlineOf(rows, 'supervisor')).toEqual({ time: 9000, billableTime: 5400, billableShare: 60, billableAmount: 17501 });
    expect(headlineOf(rows, 'member')).toEqual({ time: 9000, billableTime: 5400, billableShare: 60 });
    expect(headlineOf([], 'admin').billableShare).toBe(0);
  });
});

describe('totals row', () => {
  it('sums each column and works the percents out again from the sums', () => {
    const totals = totalsOf(rows, figureColumns('projects', 'admin'));
    expect(totals.time).toBe(9000);
    expect(totals.billableAmount).toBe(17501);
    // Timer share weighted by time: (50 × 3600) ÷ 9000 = 20; return on costs 7501 × 100 ÷ 10000 = 75.01 → 75.
    expect(totals.timerTimePc).toBe(20);
    expect(totals.profitCosts).toBe(75);
  });

  it('leaves out the columns the role does not see', () => {
    const totals = totalsOf(rows, figureColumns('projects', 'supervisor'));
    expect(totals).not.toHaveProperty('costs');
    expect(totals).not.toHaveProperty('profitCosts');
  });
});

describe('figure formats', () => {
  it.each([
    ['time', 9000, '2:30', '2.50', '2 hours 30 minutes'],
    ['time', 0, '0:00', '0.00', 'no time'],
    ['money', 123456, '1,234.56', '1234.56', '1,234.56'],
    ['money', -3499, '\u221234.99', '-34.99', '\u221234.99'],
    ['percent', 75, '75%', '75', '75%'],
    ['days', 2.75, '2.75', '2.75', '2.75'],
  ] as const)('%s %d shows as %s, exports as %s, reads as %s', (kind, value, shown, csv, spoken) => {
    expect(formatFigure(kind, value)).toBe(shown);
    expect(csvFigure(kind, value)).toBe(csv);
    expect(spokenFigure(kind, value)).toBe(spoken);
  });

  it('writes money with grouping and a true minus', () => expect(formatMoney(-123456789)).toBe('\u22121,234,567.89'));
});
