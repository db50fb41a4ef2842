import { describe, expect, it } from 'vitest';
import { awayText, clockInMessage, parseClockTime, resumeOf, shiftLabel } from './clock-time.ts';

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

describe('clocking in again', () => {
  const entry = (
    action: 'clock-in' | 'clock-out' | 'break',
    previousTime: string | null,
    time: string | null,
    trigger: 'button' | 'manually' = 'button',
  ) => ({
    action,
    previousTime,
    time,
    trigger,
    user: 1,
    createdAt: '2026-06-12 12:00:00',
  });
  const first = entry('clock-in', null, '09:00');
  const out = entry('clock-out', null, '12:45');

  it('reads the time away in a sentence', () => {
    expect(awayText(80 * 60)).toBe('1 h 20 min');
    expect(awayText(45 * 60)).toBe('45 min');
    expect(awayText(2 * 3600)).toBe('2 h');
    expect(awayText(0)).toBe('0 min');
  });

  it('finds when the shift resumed and how long the person was away, from the history', () => {
    const card = {
      clockIn: '09:00',
      clockOut: null,
      history: [first, out, entry('break', '00:00:00', '01:20:00'), entry('clock-out', '12:45', null)],
    };
    expect(resumeOf(card)).toEqual({ at: '14:05', away: 80 * 60 });
    expect(clockInMessage(card)).toBe('Clocked in again at 14:05 \u2014 the 1 h 20 min away counts as a break');
    // A second return adds to a break already typed; past midnight the clock wraps.
    const late = { clockIn: '18:00', clockOut: null, history: [entry('break', '00:30:00', '00:50:00'), entry('clock-out', '23:50', null)] };
    expect(resumeOf(late)).toEqual({ at: '00:10', away: 20 * 60 });
  });

  it('says a first clock-in plainly, and ignores a clock-out cleared by hand', () => {
    expect(resumeOf({ clockIn: '09:00', clockOut: null, history: [first] })).toBeNull();
    expect(clockInMessage({ clockIn: '09:00', clockOut: null, history: [first] })).toBe('Clocked in at 09:00');
    const typed = { clockIn: '09:00', clockOut: null, history: [first, out, entry('clock-out', '12:45', null, 'manually')] };
    expect(resumeOf(typed)).toBeNull();
    expect(resumeOf({ clockIn: '09:00', clockOut: '17:00', history: [first] })).toBeNull();
  });
});
