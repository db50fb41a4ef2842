import { describe, expect, it } from 'vitest';
import { effectiveRule, roundSeconds, roundingModes, roundingRule, roundingSteps, type RoundingRule } from './rounding.ts';

const rule = (mode: RoundingRule['mode'], step: RoundingRule['step']): RoundingRule => ({ mode, step, per: 'entry' });

describe('roundSeconds: every mode and step', () => {
  for (const step of roundingSteps) {
    const s = step * 60;
    const half = s / 2;
    it(`${step} min`, () => {
      // [seconds, up, down, nearest]
      const table: [number, number, number, number][] = [
        [0, 0, 0, 0],
        [s, s, s, s],
        [3 * s, 3 * s, 3 * s, 3 * s],
        [1, s, 0, 0],
        [s - 1, s, 0, s],
        [s + 1, 2 * s, s, s],
        [2 * s - 1, 2 * s, s, 2 * s],
        [half, s, 0, s], // a half goes up
        [half - 1, s, 0, 0],
        [s + half, 2 * s, s, 2 * s],
        [s + half - 1, 2 * s, s, s],
      ];
      for (const [secs, up, down, nearest] of table) {
        expect(roundSeconds(secs, rule('up', step)), `up ${secs}`).toBe(up);
        expect(roundSeconds(secs, rule('down', step)), `down ${secs}`).toBe(down);
        expect(roundSeconds(secs, rule('nearest', step)), `nearest ${secs}`).toBe(nearest);
      }
    });
  }

  it('leaves time alone without a rule, and per makes no difference to one value', () => {
    expect(roundSeconds(421, null)).toBe(421);
    for (const mode of roundingModes)
      expect(roundSeconds(421, { mode, step: 15, per: 'total' })).toBe(roundSeconds(421, { mode, step: 15, per: 'entry' }));
  });

  it('6-minute steps are tenths of an hour', () => {
    expect(roundSeconds(7 * 60, rule('up', 6))).toBe(720);
    expect(roundSeconds(9 * 60, rule('nearest', 6))).toBe(720);
    expect(roundSeconds(8 * 60 + 59, rule('nearest', 6))).toBe(360);
  });
});

describe('rules', () => {
  it('accepts only the listed modes, steps and pers', () => {
    expect(roundingRule.safeParse({ mode: 'up', step: 15, per: 'entry' }).success).toBe(true);
    expect(roundingRule.safeParse({ mode: 'up', step: 7, per: 'entry' }).success).toBe(false);
    expect(roundingRule.safeParse({ mode: 'ceil', step: 15, per: 'entry' }).success).toBe(false);
    expect(roundingRule.safeParse({ mode: 'up', step: 15, per: 'day' }).success).toBe(false);
    expect(roundingRule.safeParse({ mode: 'up', step: 15 }).success).toBe(false);
  });

  it("a project's override wins; none turns rounding off; null inherits", () => {
    const team = rule('up', 15);
    const own = rule('down', 5);
    expect(effectiveRule(null, team)).toBe(team);
    expect(effectiveRule(undefined, team)).toBe(team);
    expect(effectiveRule('none', team)).toBeNull();
    expect(effectiveRule(own, team)).toBe(own);
    expect(effectiveRule(own, null)).toBe(own);
  });
});
