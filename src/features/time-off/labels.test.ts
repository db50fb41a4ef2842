import { describe, expect, it } from 'vitest';
import { allocationPeriodLabel, rangeLabel } from './labels.ts';

describe('allocationPeriodLabel (the request preview\'s balance line)', () => {
  it.each([
    // [start, end, today, shown]
    ['2026-01-01', '2026-12-31', '2026-05-04', 'Thu 1 Jan – Thu 31 Dec'],
    ['2026-01-01', '2027-12-31', '2026-05-04', 'Thu 1 Jan – Fri 31 Dec 2027'],
    ['2025-07-01', '2026-06-30', '2026-05-04', 'Tue 1 Jul 2025 – Tue 30 Jun'],
    ['2027-01-01', '2027-12-31', '2026-12-20', 'Fri 1 Jan 2027 – Fri 31 Dec 2027'],
    ['2025-01-01', '2025-12-31', '2026-01-02', 'Wed 1 Jan 2025 – Wed 31 Dec 2025'],
  ])('%s – %s seen on %s reads %s', (startDate, endDate, today, shown) => {
    expect(allocationPeriodLabel({ startDate, endDate }, today)).toBe(shown);
  });

  it('names the year of an end date in another year than today', () => {
    expect(allocationPeriodLabel({ startDate: '2026-01-01', endDate: '2027-12-31' }, '2026-03-01')).toMatch(/2027$/);
  });
});

describe('rangeLabel', () => {
  it('shows a single day once', () => {
    expect(rangeLabel('2026-07-06', '2026-07-06', '2026')).toBe('Mon 6 Jul');
    expect(rangeLabel('2027-07-06', '2027-07-06', '2026')).toBe('Tue 6 Jul 2027');
  });
});
