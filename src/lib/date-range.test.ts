import { afterAll, describe, expect, it } from 'vitest';
import { matchPreset, presetRange, type RangePreset } from './date-range.ts';

const zones = ['UTC', 'America/New_York', 'Europe/Berlin', 'America/Santiago', 'Pacific/Auckland', 'Asia/Kolkata'];
const originalTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalTz;
});

const cases: [string, RangePreset, string, number, string, string][] = [
  // weeks, by week start
  ['a Wednesday, weeks from Monday', 'this-week', '2026-11-25', 1, '2026-11-23', '2026-11-29'],
  ['a Wednesday, weeks from Sunday', 'this-week', '2026-11-25', 0, '2026-11-22', '2026-11-28'],
  ['a Wednesday, weeks from Saturday', 'this-week', '2026-11-25', 6, '2026-11-21', '2026-11-27'],
  ['a Sunday, weeks from Monday', 'this-week', '2026-11-29', 1, '2026-11-23', '2026-11-29'],
  ['a Sunday, weeks from Sunday', 'this-week', '2026-11-29', 0, '2026-11-29', '2026-12-05'],
  ['last week across a year end', 'last-week', '2027-01-06', 1, '2026-12-28', '2027-01-03'],
  ['this week across a year end', 'this-week', '2027-01-01', 1, '2026-12-28', '2027-01-03'],
  // daylight saving changes inside the week (US 8 Mar, EU 29 Mar, Chile 6 Sep at midnight, NZ 27 Sep)
  ['the US spring-forward week', 'this-week', '2026-03-09', 0, '2026-03-08', '2026-03-14'],
  ['the EU spring-forward week', 'last-week', '2026-04-01', 1, '2026-03-23', '2026-03-29'],
  ['the Chilean midnight change', 'this-week', '2026-09-06', 0, '2026-09-06', '2026-09-12'],
  ['the EU fall-back week', 'this-week', '2026-10-25', 1, '2026-10-19', '2026-10-25'],
  ['the NZ spring-forward week', 'this-week', '2026-09-27', 1, '2026-09-21', '2026-09-27'],
  // months
  ['this month in February of a leap year', 'this-month', '2028-02-10', 1, '2028-02-01', '2028-02-29'],
  ['last month from the 31st', 'last-month', '2026-03-31', 1, '2026-02-01', '2026-02-28'],
  ['last month from January', 'last-month', '2027-01-15', 1, '2026-12-01', '2026-12-31'],
  ['last month from the EU fall-back month', 'last-month', '2026-11-01', 1, '2026-10-01', '2026-10-31'],
  // quarters and years
  ['this quarter on its first day', 'this-quarter', '2026-10-01', 1, '2026-10-01', '2026-12-31'],
  ['this quarter on its last day', 'this-quarter', '2026-03-31', 1, '2026-01-01', '2026-03-31'],
  ['this year on New Year’s Eve', 'this-year', '2026-12-31', 1, '2026-01-01', '2026-12-31'],
];

describe.each(zones)('presetRange in %s', (zone) => {
  it.each(cases)('%s', (_name, preset, today, weekStart, from, to) => {
    process.env.TZ = zone;
    expect(presetRange(preset, today, weekStart)).toEqual({ from, to });
  });
});

describe('matchPreset', () => {
  it('names the preset a range is, today', () => {
    expect(matchPreset({ from: '2026-11-23', to: '2026-11-29' }, '2026-11-25', 1)).toBe('this-week');
    expect(matchPreset({ from: '2026-11-22', to: '2026-11-28' }, '2026-11-25', 0)).toBe('this-week');
    expect(matchPreset({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-25', 1)).toBe('last-month');
    expect(matchPreset({ from: '2026-10-01', to: '2026-12-31' }, '2026-11-25', 1)).toBe('this-quarter');
  });
  it('calls anything else custom', () => {
    expect(matchPreset({ from: '2026-11-23', to: '2026-11-28' }, '2026-11-25', 1)).toBe('custom');
    expect(matchPreset({ from: '2026-11-22', to: '2026-11-28' }, '2026-11-25', 1)).toBe('custom');
    expect(matchPreset(null, '2026-11-25', 1)).toBe('custom');
  });
});
