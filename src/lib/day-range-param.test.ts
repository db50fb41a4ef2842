import { describe, expect, it } from 'vitest';
import { dayRangeParam, isDay } from './day-range-param.ts';

describe('day range in a URL', () => {
  it('takes two real days in order', () => {
    expect(dayRangeParam({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(dayRangeParam({ from: '2026-02-01', to: '2026-02-01' })).toEqual({ from: '2026-02-01', to: '2026-02-01' });
  });

  it('drops a range out of order, with one end, or with a day that is not one', () => {
    expect(dayRangeParam({ from: '2026-03-01', to: '2026-02-01' })).toEqual({});
    expect(dayRangeParam({ from: '2026-03-01' })).toEqual({});
    expect(dayRangeParam({ from: '2026-13-01', to: '2026-13-02' })).toEqual({});
    expect(isDay('2026-02-30x')).toBe(false);
    expect(isDay(20260201)).toBe(false);
  });
});
