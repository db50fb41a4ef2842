import { describe, expect, it } from 'vitest';
import { addDays, burn, daysBetween, type Forecast, type UsageInput } from './forecast.ts';
import { forecastText } from './forecast-text.ts';

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

  // Each expectation worked out by hand. Unless said otherwise: a budget of 100, the period from 1 March, today
  // 10 March, so 10 calendar days have passed (1–10 March, both counted).
  const march = { budget: 100, from: '2026-03-01', today: '2026-03-10', fees: 0 };
  const everyDay = (n: number, each: number) => Array.from({ length: n }, (_, i) => ({ date: addDays('2026-03-01', i), used: each }));
  const cases: { name: string; input: UsageInput; pace: number; forecast: Forecast }[] = [
    {
      // 2 a day for 10 days: 20 used, pace 20 / 10 = 2; 80 left / 2 = 40 days: 10 March + 40 = 19 April.
      name: 'steady, a budget that never ends',
      input: { ...march, to: null, days: everyDay(10, 2) },
      pace: 2,
      forecast: { kind: 'runs-out', on: '2026-04-19', daysLeft: 40 },
    },
    {
      // The same in a monthly budget: 19 April is past 31 March, so 20 + 2 × 21 days left in March = 62.
      name: 'steady, monthly',
      input: { ...march, to: '2026-03-31', days: everyDay(10, 2) },
      pace: 2,
      forecast: { kind: 'within', projected: 62 },
    },
    {
      // 45 on 2 March and 15 on 9 March: 60 in 10 days, 6 a day; 40 left / 6 = 6.7, so the 7th day: 17 March.
      name: 'bursty',
      input: {
        ...march,
        to: null,
        days: [
          { date: '2026-03-02', used: 45 },
          { date: '2026-03-09', used: 15 },
        ],
      },
      pace: 6,
      forecast: { kind: 'runs-out', on: '2026-03-17', daysLeft: 7 },
    },
    {
      // Begun today with 5 used: 1 day, 5 a day; 95 left / 5 = 19 days: 29 March.
      name: 'new',
      input: { ...march, from: '2026-03-10', to: null, days: [{ date: '2026-03-10', used: 5 }] },
      pace: 5,
      forecast: { kind: 'runs-out', on: '2026-03-29', daysLeft: 19 },
    },
    {
      // 90 on 5 March and 9 today: 99 in 10 days, 9.9 a day; 1 left / 9.9 = 0.1, so tomorrow, 11 March.
      name: 'nearly spent',
      input: {
        ...march,
        to: null,
        days: [
          { date: '2026-03-05', used: 90 },
          { date: '2026-03-10', used: 9 },
        ],
      },
      pace: 9.9,
      forecast: { kind: 'runs-out', on: '2026-03-11', daysLeft: 1 },
    },
    {
      // 60 on 4 March, 50 on 8 March: 110 by 8 March, the day the running total first reached 100.
      name: 'over',
      input: {
        ...march,
        to: null,
        days: [
          { date: '2026-03-04', used: 60 },
          { date: '2026-03-08', used: 50 },
        ],
      },
      pace: 11,
      forecast: { kind: 'over', on: '2026-03-08' },
    },
    {
      // A weekly time budget of 40 h (144,000 s), Monday 9 to Sunday 15 March, today Wednesday 11 March: 8 h
      // (28,800 s) on each of the 3 days, 3 days passed, 8 h a day; 16 h left / 8 h = 2 days: Friday 13 March.
      name: 'weekly time budget',
      input: {
        budget: 144_000,
        from: '2026-03-09',
        to: '2026-03-15',
        today: '2026-03-11',
        fees: 0,
        days: ['09', '10', '11'].map((d) => ({ date: `2026-03-${d}`, used: 28_800 })),
      },
      pace: 28_800,
      forecast: { kind: 'runs-out', on: '2026-03-13', daysLeft: 2 },
    },
    {
      // A daily budget of 8 h with 3 h used today: 1 day, 3 h a day; the day ends first, with the 3 h it has.
      name: 'daily time budget',
      input: {
        budget: 28_800,
        from: '2026-03-10',
        to: '2026-03-10',
        today: '2026-03-10',
        fees: 0,
        days: [{ date: '2026-03-10', used: 10_800 }],
      },
      pace: 10_800,
      forecast: { kind: 'within', projected: 10_800 },
    },
    {
      // The demo's "Brand refresh": a money budget of 40,000.00 that never ends, from 16 October; its fixed fee of
      // 18,000.00 counts once (45 %), and billable expenses of 292.54 over the 43 days to 27 November are all that
      // grows: 29,254 ¢ / 43 = 680.33 ¢ a day. The 21,707.46 left would take 3,191 days, past the one-year horizon:
      // by 27 November + 366 = 28 November 2027, 1,829,254 + 29,254 × 366 / 43 = 2,078,253.16 ¢ used.
      name: 'a fixed fee that fills most of a money budget',
      input: {
        budget: 4_000_000,
        from: '2026-10-16',
        to: null,
        today: '2026-11-27',
        fees: 1_800_000,
        days: [
          { date: '2026-10-23', used: 4288 },
          { date: '2026-10-27', used: 10_963 },
          { date: '2026-10-30', used: 2881 },
          { date: '2026-11-03', used: 1206 },
          { date: '2026-11-13', used: 670 },
          { date: '2026-11-17', used: 5829 },
          { date: '2026-11-23', used: 3417 },
        ],
      },
      pace: 29_254 / 43,
      forecast: { kind: 'lasts', until: '2027-11-28', projected: 2_078_253.16 },
    },
  ];
  it.each(cases)('forecasts by hand: $name', ({ input, pace, forecast }) => {
    const s = burn(input);
    expect(s.pace).toBeCloseTo(pace, 6);
    expect(s.forecast).toEqual(forecast);
    // The forecast line never runs more than a year past today.
    expect(s.points.at(-1)!.date <= addDays(input.today, 366)).toBe(true);
  });

  it('names no far date for the fixed fee budget, and says the fee is not part of the pace', () => {
    const brand = cases.at(-1)!.input;
    const fmt = (v: number) => `$${(v / 100).toFixed(2)}`;
    const text = forecastText(burn(brand), { ...brand, fmt });
    expect(text.headline).toBe('At this pace the budget lasts more than a year: about $20782.53 of $40000.00 used by November 28, 2027.');
    expect(text.assumptions).toContain('$6.80 a day over 43 calendar days');
    expect(text.assumptions).toContain('Fixed fees ($18000.00) count once, from the start, and are not part of the pace.');
  });
});
