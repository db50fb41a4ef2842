import { describe, expect, it } from 'vitest';
import { scrollToShow, windowRange } from './window.ts';

describe('windowRange', () => {
  const base = { count: 5000, rowHeight: 40, viewportHeight: 400, overscan: 5 };
  it.each([
    ['at the top', 0, { start: 0, end: 16 }],
    ['part way down', 4000, { start: 95, end: 116 }],
    ['half a row down', 20, { start: 0, end: 16 }],
    ['at the very end', 5000 * 40 - 400, { start: 4985, end: 5000 }],
    ['scrolled past the end (overscroll)', 999_999, { start: 4999, end: 5000 }],
    ['scrolled above the top (overscroll)', -200, { start: 0, end: 16 }],
  ])('%s', (_name, scrollTop, expected) => {
    expect(windowRange({ ...base, scrollTop })).toEqual(expected);
  });
  it('never draws more than a viewport and the overscan, whatever the list length', () => {
    for (const scrollTop of [0, 1234, 80_000, 199_600]) {
      const { start, end } = windowRange({ ...base, scrollTop });
      expect(end - start).toBeLessThanOrEqual(400 / 40 + 1 + 2 * 5);
      expect(start).toBeGreaterThanOrEqual(0);
      expect(end).toBeLessThanOrEqual(5000);
    }
  });
  it('draws nothing for an empty list and everything for a short one', () => {
    expect(windowRange({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0 });
    expect(windowRange({ ...base, count: 3, scrollTop: 0 })).toEqual({ start: 0, end: 3 });
  });
});

describe('scrollToShow', () => {
  it('moves only as far as needed', () => {
    expect(scrollToShow(5, 40, 0, 400)).toBe(0);
    expect(scrollToShow(12, 40, 0, 400)).toBe(13 * 40 - 400);
    expect(scrollToShow(2, 40, 400, 400)).toBe(80);
    expect(scrollToShow(12, 40, 0, 440, 40)).toBe(13 * 40 - 400);
  });
});
