import { describe, expect, it } from 'vitest';
import { formatCell, formatClock, formatDuration, spokenDuration } from './duration.ts';
import { parseDuration } from './parse-duration.ts';

const H = 3600;
const M = 60;

describe('parseDuration', () => {
  it.each<[string, number]>([
    ['', 0],
    ['   ', 0],
    ['0', 0],
    ['0:00', 0],
    ['1:30', H + 30 * M],
    ['01:30', H + 30 * M],
    ['0:05', 5 * M],
    [':45', 45 * M],
    ['8:', 8 * H],
    ['1.5', 1.5 * H],
    ['1,5', 1.5 * H],
    ['.5', 30 * M],
    [',25', 15 * M],
    ['2.', 2 * H],
    ['0.25', 15 * M],
    ['2', 2 * H],
    ['24', 24 * H],
    ['1h30', H + 30 * M],
    ['1h 30m', H + 30 * M],
    ['1h30m', H + 30 * M],
    ['1 h 30 min', H + 30 * M],
    ['90m', 90 * M],
    ['90 min', 90 * M],
    ['45mins', 45 * M],
    ['2h', 2 * H],
    ['2H', 2 * H],
    ['1.5h', 1.5 * H],
    ['2 hours', 2 * H],
    ['1hr', H],
    ['2+0.5', 2.5 * H],
    ['1:30+30m', 2 * H],
    ['1 + 1', 2 * H],
    ['7.75', 7.75 * H],
    ['1.33', 80 * M],
    ['0.01', M],
    [' 3:15 ', 3 * H + 15 * M],
  ])('%j is %i seconds', (input, seconds) => {
    expect(parseDuration(input)).toEqual({ ok: true, seconds });
  });

  it.each([
    ['abc', /not a duration/],
    ['1:75', /not a duration/],
    ['1..5', /not a duration/],
    ['2++1', /not a duration/],
    ['+', /not a duration/],
    ['1h30x', /not a duration/],
    ['h', /not a duration/],
    ['m', /not a duration/],
    [':', /not a duration/],
    ['1:30:00', /not a duration/],
    ['-1', /negative/],
    ['-0:30', /negative/],
    ['25', /at most 24 hours/],
    ['23+2', /at most 24 hours/],
    ['24:01', /at most 24 hours/],
    ['1500m', /at most 24 hours/],
    ['1.5.2', /not a duration/],
    ['1,5,2', /not a duration/],
    ['one hour', /not a duration/],
    ['1 30', /not a duration/],
  ])('%j is refused', (input, message) => {
    const r = parseDuration(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});

describe('formatDuration', () => {
  it.each<[number, string, string]>([
    [0, '0:00', '0.00'],
    [15 * M, '0:15', '0.25'],
    [30 * M, '0:30', '0.50'],
    [H + 30 * M, '1:30', '1.50'],
    [80 * M, '1:20', '1.33'],
    [8 * H, '8:00', '8.00'],
    [24 * H, '24:00', '24.00'],
    [40 * H + 5 * M, '40:05', '40.08'],
    [29, '0:00', '0.00'],
    [31, '0:01', '0.02'],
  ])('%i seconds is %s and %s', (seconds, hmm, decimal) => {
    expect(formatDuration(seconds, 'hmm')).toBe(hmm);
    expect(formatDuration(seconds, 'decimal')).toBe(decimal);
  });

  it('round-trips what it shows', () => {
    for (const s of [0, 60, 900, 5400, 27000, 86400]) {
      for (const f of ['hmm', 'decimal'] as const) {
        const back = parseDuration(formatDuration(s, f));
        expect(back).toEqual({ ok: true, seconds: s });
      }
    }
  });

  it('leaves an empty cell empty', () => {
    expect(formatCell(0, 'hmm')).toBe('');
    expect(formatCell(5400, 'decimal')).toBe('1.50');
  });

  it('writes a running clock and spoken words', () => {
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-5)).toBe('0:00:00');
    expect(spokenDuration(5400)).toBe('1 hour 30 minutes');
    expect(spokenDuration(60)).toBe('1 minute');
    expect(spokenDuration(0)).toBe('no time');
  });
});
