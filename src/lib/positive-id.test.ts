import { describe, expect, it } from 'vitest';
import { positiveId } from './positive-id.ts';

describe('positiveId', () => {
  it('reads positive whole numbers from numbers and digit strings', () => {
    expect(positiveId(7)).toBe(7);
    expect(positiveId('42')).toBe(42);
    expect(positiveId(' 42 ')).toBe(42);
  });
  it('drops everything else', () => {
    for (const v of [0, -3, 1.5, '0', '-1', '1e3', '0x10', '', 'abc', '99999999999999999999', null, undefined, {}, [1]])
      expect(positiveId(v)).toBeUndefined();
  });
});
