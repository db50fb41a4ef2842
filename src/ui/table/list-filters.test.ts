import { describe, expect, it } from 'vitest';
import { matchesWords } from './list-filters.tsx';

describe('matchesWords', () => {
  it('matches every word of the query, in any order and any case', () => {
    expect(matchesWords('Acme Website Redesign', 'redesign acme')).toBe(true);
    expect(matchesWords('Acme Website Redesign', '  WEB  ')).toBe(true);
    expect(matchesWords('Acme Website Redesign', 'acme mobile')).toBe(false);
  });
  it('matches everything when the query is empty or absent', () => {
    expect(matchesWords('Acme', '')).toBe(true);
    expect(matchesWords('Acme', undefined)).toBe(true);
  });
});
