import { describe, expect, it } from 'vitest';
import { moneyBarLines, moneyBarText, moneySummary, rowsSummary, spokenTimeBar, timeBarLines, trendSummary } from './chart-summary.ts';

const bar = (label: string, billableTime: number, nonBillableTime: number) => ({
  key: label,
  label,
  billableTime,
  nonBillableTime,
  billable: 0,
  nonBillable: 0,
});

describe('chart words', () => {
  it('names a bar with its values, spoken and shown', () => {
    expect(spokenTimeBar(bar('Acme', 45000, 7200))).toBe('Acme: 14 hours 30 minutes, 12 hours 30 minutes billable');
    expect(timeBarLines(bar('Acme', 45000, 7200))).toEqual(['Acme', 'Total 14:30', 'Billable 12:30', 'Non-billable 2:00']);
  });

  it('sums up a row chart: count, total, billable share and the largest row', () => {
    expect(rowsSummary([bar('Acme', 3600, 3600), bar('Beta', 10800, 0)], 'clients')).toBe(
      '2 clients: 5:00 in all, 80% billable. Most time: Beta, 3:00 (100% billable).',
    );
    expect(rowsSummary([bar('Acme', 3600, 0)], 'clients')).toBe(
      '1 client: 1:00 in all, 100% billable. Most time: Acme, 1:00 (100% billable).',
    );
    expect(rowsSummary([], 'clients')).toBe('No time in this range.');
  });

  it('sums up the trend: busiest period and average', () => {
    expect(trendSummary([bar('Week of 4 May', 3600, 0), bar('Week of 11 May', 7200, 3600)], 'week')).toBe(
      'Per week from 4 May to 11 May: the busiest week is the week of 11 May with 3:00; 2:00 a week on average, 75% billable.',
    );
    expect(trendSummary([bar('4 May', 0, 0)], 'day')).toBe('No time in this range.');
  });

  it('sums up money with costs and losses for admins, billable only for supervisors', () => {
    const bars = [
      { key: 'a', label: 'A', billableAmount: 100000, costs: 40000, profit: 60000 },
      { key: 'b', label: 'B', billableAmount: 0, costs: 5000, profit: -5000 },
    ];
    expect(moneySummary(bars, true)).toBe(
      'Billable 1,000.00 against costs 450.00: profit 550.00. The most billed: A (1,000.00). At a loss: B.',
    );
    expect(moneySummary(bars, false)).toBe('Billable 1,000.00 in all; the most from A (1,000.00).');
    expect(moneyBarText(bars[1]!, true)).toBe('B: billable 0.00, costs 50.00, profit \u221250.00');
    expect(moneyBarLines(bars[1]!, false)).toEqual(['B', 'Billable 0.00']);
  });
});
