import { describe, expect, it } from 'vitest';
import { hoursValue, parseHours } from './hours.ts';

describe('parseHours', () => {
  it.each([
    ['', null],
    ['6', 21600],
    ['6.5', 23400],
    ['6,5', 23400],
    ['6:30', 23400],
    ['120', 432000],
    ['0:01', 60],
  ])('%s is %s seconds', (text, seconds) => expect(parseHours(text)).toBe(seconds));
  it.each(['abc', '-1', '6:75', '200000', '1e3'])('refuses %s', (text) => expect(parseHours(text)).toBe('invalid'));
  it('reads back what it writes', () => {
    expect(hoursValue(23400)).toBe('6:30');
    expect(parseHours(hoursValue(432000))).toBe(432000);
    expect(hoursValue(0)).toBe('');
  });
});
