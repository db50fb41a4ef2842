import { describe, expect, it } from 'vitest';
import { paperFor } from './paper.ts';

describe('paperFor', () => {
  it.each([
    ['en-US', 'letter'],
    ['en', 'letter'],
    ['fr-CA', 'letter'],
    ['es-MX', 'letter'],
    ['en-GB', 'a4'],
    ['de-DE', 'a4'],
    ['de', 'a4'],
    ['es', 'a4'],
    ['pt-BR', 'a4'],
    ['ar', 'a4'],
    ['not a locale', 'a4'],
  ])('%s prints on %s', (locale, paper) => {
    expect(paperFor(locale)).toBe(paper);
  });
});
