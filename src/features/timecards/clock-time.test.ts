import { describe, expect, it } from 'vitest';
import { parseClockTime, shiftLabel } from './clock-time.ts';

describe('clock times', () => {
  it('reads the ways people type a time', () => {
    expect(parseClockTime('9')).toEqual({ ok: true, value: '09:00' });
    expect(parseClockTime('902')).toEqual({ ok: true, value: '09:02' });
    expect(parseClockTime('22:30')).toEqual({ ok: true, value: '22:30' });
    expect(parseClockTime('7.15')).toEqual({ ok: true, value: '07:15' });
    expect(parseClockTime(' ')).toEqual({ ok: true, value: null });
  });

  it('refuses what is not a time of day', () => {
    expect(parseClockTime('24:00').ok).toBe(false);
    expect(parseClockTime('9:75').ok).toBe(false);
    expect(parseClockTime('nine').ok).toBe(false);
  });

  it('marks a shift that ends the next day', () => {
    expect(shiftLabel('22:00', '06:00')).toBe('22:00 → 06:00 +1');
    expect(shiftLabel('09:00', '17:30')).toBe('09:00 → 17:30');
    expect(shiftLabel('09:00', null)).toBe('09:00 → …');
  });
});
