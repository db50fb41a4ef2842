import { describe, expect, it } from 'vitest';
import { filterPeople, parseTeamSearch } from './search.ts';
import { hoursToSeconds, secondsToHours } from './fields.ts';

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
