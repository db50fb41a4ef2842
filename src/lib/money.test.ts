import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyAmount, parseMoney } from './money.ts';

const usd = { currency: 'USD', locale: 'en-US' };
const eur = { currency: 'EUR', locale: 'de-DE' };
const chf = { currency: 'CHF', locale: 'de-CH' };
const jpy = { currency: 'JPY', locale: 'ja-JP' };
const frEur = { currency: 'EUR', locale: 'fr-FR' };
const inr = { currency: 'INR', locale: 'en-IN' };
const kwd = { currency: 'KWD', locale: 'en-US' };

const nbsp = /[\u00a0\u202f]/g;

describe('formatMoney', () => {
  it.each([
    [123450, usd, '$1,234.50'],
    [123450, eur, '1.234,50 €'],
    [5, usd, '$0.05'],
    [0, usd, '$0.00'],
    [-2500, usd, '-$25.00'],
    [1234, jpy, '￥1,234'],
    [1234567, kwd, 'KWD 1,234.567'],
  ])('%i in %o is %s', (cents, format, text) => {
    expect(formatMoney(cents, format).replace(nbsp, ' ')).toBe(text);
  });
  it('shows the amount alone for an input', () => {
    expect(formatMoneyAmount(123450, usd)).toBe('1,234.50');
    expect(formatMoneyAmount(123450, eur)).toBe('1.234,50');
    expect(formatMoneyAmount(12345678, inr)).toBe('1,23,456.78');
  });
});

describe('parseMoney', () => {
  it.each([
    ['1,234.50', usd, 123450],
    ['1234.5', usd, 123450],
    ['1234', usd, 123400],
    ['$ 12', usd, 1200],
    ['USD 12.3', usd, 1230],
    ['.5', usd, 50],
    ['7.', usd, 700],
    ['1,234', usd, 123400],
    ['12,5', usd, 1250],
    ['0', usd, 0],
    ['  42  ', usd, 4200],
    ['1,234,567.89', usd, 123456789],
    ['1.234,50', eur, 123450],
    ['1234,5', eur, 123450],
    ['1.234', eur, 123400],
    ['12.5', eur, 1250],
    ['1 234,50 €', frEur, 123450],
    ['1\u202f234,50', frEur, 123450],
    ["1'234.50", chf, 123450],
    ['1,23,456.78', inr, 12345678],
    ['1,234', jpy, 1234],
    ['1.234', kwd, 1234],
    ['', usd, null],
    ['   ', usd, null],
  ])('%s in %o is %s', (text, format, cents) => {
    expect(parseMoney(text, format)).toEqual({ ok: true, cents });
  });

  it.each([
    ['abc', usd, 'Enter an amount like 1,234.50'],
    ['12a', usd, 'Enter an amount like 1,234.50'],
    ['1.2.3,4', usd, 'Enter an amount like 1,234.50'],
    ['12,34,5', usd, 'Enter an amount like 1,234.50'],
    ['1,2345.00', usd, 'Enter an amount like 1,234.50'],
    ['1.5.', usd, 'Enter an amount like 1,234.50'],
    ['.', usd, 'Enter an amount like 1,234.50'],
    ['$', usd, 'Enter an amount like 1,234.50'],
    ['1e5', usd, 'Enter an amount like 1,234.50'],
    ['1.234', usd, 'Use at most 2 decimals'],
    ['0.001', usd, 'Use at most 2 decimals'],
    ['12.5', jpy, 'JPY amounts have no decimals'],
    ['-5', usd, 'Enter an amount of zero or more'],
    ['99999999999999999', usd, 'That amount is too large'],
    ['x', eur, 'Enter an amount like 1.234,50'],
  ])('refuses %s in %o: %s', (text, format, message) => {
    expect(parseMoney(text, format)).toEqual({ ok: false, message });
  });

  it('reads negative amounts when allowed', () => {
    expect(parseMoney('-12.50', usd, { allowNegative: true })).toEqual({ ok: true, cents: -1250 });
    expect(parseMoney('\u22123', usd, { allowNegative: true })).toEqual({ ok: true, cents: -300 });
  });

  it('reads back what it formats', () => {
    for (const format of [usd, eur, frEur, chf, jpy, inr, kwd]) {
      for (const cents of [0, 1, 99, 100, 123456, 987654321]) {
        expect(parseMoney(formatMoneyAmount(cents, format), format)).toEqual({ ok: true, cents });
        expect(parseMoney(formatMoney(cents, format), format)).toEqual({ ok: true, cents });
      }
    }
  });
});
