import { describe, expect, it } from 'vitest';
import { formatUtcOffset, initials, maskSecret, normalizeBaseUrl } from './format.ts';
import { safeRedirect } from './redirect.ts';

describe('formatUtcOffset', () => {
  it.each([
    [0, 'UTC'],
    [1, 'UTC+01:00'],
    [5.5, 'UTC+05:30'],
    [5.75, 'UTC+05:45'],
    [-3.5, 'UTC\u221203:30'],
    [-12, 'UTC\u221212:00'],
    [14, 'UTC+14:00'],
  ])('%s hours is %s', (hours, text) => expect(formatUtcOffset(hours)).toBe(text));
});

describe('initials', () => {
  it.each([
    ['Ada Admin', 'AA'],
    ['ada', 'A'],
    ['Grace Brewster Murray Hopper', 'GH'],
    ['  ', '?'],
  ])('%s', (name, text) => expect(initials(name)).toBe(text));
});

describe('maskSecret', () => {
  it('hides all but the last four characters', () => {
    const masked = maskSecret('tk_abcdefghijklmnopqrstuvwxyz1234');
    expect(masked.endsWith('1234')).toBe(true);
    expect(masked).not.toContain('tk_');
  });
});

describe('normalizeBaseUrl', () => {
  it.each([
    ['http://127.0.0.1:8787/', 'http://127.0.0.1:8787'],
    [' https://api.example.com ', 'https://api.example.com'],
    ['https://example.com/timekeep/', 'https://example.com/timekeep'],
    ['ftp://example.com', null],
    ['example.com', null],
    ['https://user:pw@example.com', null],
    ['https://example.com/?x=1', null],
  ])('%s', (input, output) => expect(normalizeBaseUrl(input)).toBe(output));
});

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/profile?tab=key#x', '/profile?tab=key#x'],
    ['//evil.example/profile', undefined],
    ['https://evil.example', undefined],
    ['/\\evil.example', undefined],
    ['/sign-in', undefined],
    ['/sign-in?redirect=/x', undefined],
    [42, undefined],
    [undefined, undefined],
  ])('%s', (input, output) => expect(safeRedirect(input)).toBe(output));
});
