import { describe, expect, it } from 'vitest';
import { perUnit, pluralUnit, singularUnit, unitCount } from './units.ts';

describe('units of expense categories in running text', () => {
  it.each([
    ['Miles', 'mile'],
    ['miles', 'mile'],
    ['Mile', 'mile'],
    ['Nights', 'night'],
    ['Boxes', 'box'],
    ['Entries', 'entry'],
    ['Days', 'day'],
    ['Kilometres', 'kilometre'],
    ['Hours', 'hour'],
    ['Gas', 'gas'],
    ['km', 'km'],
    ['kWh', 'kWh'],
    ['GB', 'GB'],
    ['Nights in hotel', 'nights in hotel'],
  ])('the singular of %s is %s', (unit, one) => expect(singularUnit(unit)).toBe(one));

  it.each([
    ['mile', 'miles'],
    ['Miles', 'miles'],
    ['Night', 'nights'],
    ['box', 'boxes'],
    ['entry', 'entries'],
    ['day', 'days'],
    ['km', 'km'],
    ['kWh', 'kWh'],
  ])('the plural of %s is %s', (unit, many) => expect(pluralUnit(unit)).toBe(many));

  it('counts in the singular for exactly one, in the plural otherwise, and in units when the category names none', () => {
    expect(unitCount(1, 'Miles', 'en-US')).toBe('1 mile');
    expect(unitCount(12.5, 'Miles', 'en-US')).toBe('12.5 miles');
    expect(unitCount(0, 'Mile', 'en-US')).toBe('0 miles');
    expect(unitCount(1200, 'km', 'en-US')).toBe('1,200 km');
    expect(unitCount(2, null, 'en-US')).toBe('2 units');
    expect(unitCount(1, '  ', 'en-US')).toBe('1 unit');
  });

  it('prices one unit, or each when there is no unit', () => {
    expect(perUnit('$0.67', 'Miles')).toBe('$0.67 per mile');
    expect(perUnit('$95.00', 'Nights')).toBe('$95.00 per night');
    expect(perUnit('$0.30', 'kWh')).toBe('$0.30 per kWh');
    expect(perUnit('$5.00', null)).toBe('$5.00 each');
    expect(perUnit('$5.00', '')).toBe('$5.00 each');
  });
});
