import { describe, expect, it } from 'vitest';
import { filterPeople, parseTeamSearch } from './search.ts';
import { hoursToSeconds, secondsToHours, updateOf } from './fields.ts';

describe('team filters', () => {
  it('keeps a search text and a known role from the URL', () => {
    expect(parseTeamSearch({ q: ' ann ', role: 'supervisor' })).toEqual({ q: 'ann', role: 'supervisor' });
    expect(parseTeamSearch({ q: '', role: 'owner' })).toEqual({});
  });

  it('matches name or email, any case, within the role', () => {
    const people = [
      { name: 'Ann Lee', email: 'ann@x.test', role: 'member' as const },
      { name: 'Bo', email: 'bo@annex.test', role: 'admin' as const },
      { name: 'Cy', role: 'member' as const },
    ];
    expect(filterPeople(people, { q: 'ANN' }).map((p) => p.name)).toEqual(['Ann Lee', 'Bo']);
    expect(filterPeople(people, { q: 'ann', role: 'member' }).map((p) => p.name)).toEqual(['Ann Lee']);
    expect(filterPeople(people, {}).length).toBe(3);
  });
});

describe('capacity in hours', () => {
  it('converts both ways, to the minute', () => {
    expect(hoursToSeconds(37.5)).toBe(135_000);
    expect(secondsToHours(144_000)).toBe(40);
    expect(secondsToHours(undefined)).toBeNull();
  });
});

describe('the edit form’s rates', () => {
  const user = { rate: 8000, cost: 3000 };
  it('sends a changed rate or cost with the date it takes effect', () => {
    expect(updateOf(user, { role: 'member', rate: 9000, cost: 3000, effectiveFrom: '2026-04-01' })).toEqual({
      role: 'member',
      rate: 9000,
      effectiveFrom: '2026-04-01',
    });
  });
  it('sends no date without one (all time), and no rates when neither changed', () => {
    expect(updateOf(user, { rate: 8000, cost: 3500, effectiveFrom: null })).toEqual({ cost: 3500 });
    expect(updateOf(user, { role: 'admin', rate: 8000, cost: 3000, effectiveFrom: '2026-04-01' })).toEqual({ role: 'admin' });
  });
});
