import { describe, expect, it } from 'vitest';
import { autoLockReasonsOf, noAutoLock, weekLocksOn } from './auto-lock.ts';

const rule = (r: Partial<typeof noAutoLock>) => ({ ...noAutoLock, ...r });
const locked = (r: Partial<typeof noAutoLock>, weekStart: number, today: string, dates: string[]) =>
  dates.filter((d) => autoLockReasonsOf(rule(r), weekStart, today, d).length > 0);

describe('automatic lock rules', () => {
  it('locks nothing when every rule is off', () => {
    expect(locked({}, 1, '2027-01-05', ['1999-01-01', '2026-12-31', '2027-01-05'])).toEqual([]);
  });

  it('after N days: the day N days before today stays open, the one before it locks, across the year end', () => {
    const days = ['2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28', '2027-01-03'];
    expect(locked({ afterDays: 7 }, 1, '2027-01-03', days)).toEqual(['2026-12-25', '2026-12-26']);
    expect(autoLockReasonsOf(rule({ afterDays: 7 }), 1, '2027-01-03', '2026-12-26')).toEqual(['Locked after 7 days']);
    expect(autoLockReasonsOf(rule({ afterDays: 1 }), 1, '2027-01-03', '2027-01-01')).toEqual(['Locked after 1 day']);
  });

  it('before a day: up to the day before it', () => {
    expect(locked({ before: '2027-01-01' }, 1, '2027-03-01', ['2026-12-31', '2027-01-01', '2027-01-02'])).toEqual(['2026-12-31']);
    expect(autoLockReasonsOf(rule({ before: '2027-01-01' }), 1, '2027-03-01', '2026-12-31')).toEqual(['Locked: time before 2027-01-01']);
  });

  it('weekly, weeks starting Monday: the week of the year end locks on the next Tuesday, not before', () => {
    expect(weekLocksOn('2026-12-31', 1, 2)).toBe('2027-01-05');
    const week = ['2026-12-28', '2026-12-31', '2027-01-03'];
    expect(locked({ weeklyOn: 2 }, 1, '2027-01-04', [...week, '2027-01-04'])).toEqual([]);
    expect(locked({ weeklyOn: 2 }, 1, '2027-01-05', [...week, '2027-01-04'])).toEqual(week);
    expect(autoLockReasonsOf(rule({ weeklyOn: 2 }), 1, '2027-01-05', '2026-12-28')).toEqual([
      'Locked since 2027-01-05: each week locks on the next Tuesday',
    ]);
  });

  it('weekly, weeks starting Sunday: Sunday to Saturday locks on the Tuesday after', () => {
    expect(weekLocksOn('2026-12-27', 0, 2)).toBe('2027-01-05');
    expect(weekLocksOn('2027-01-02', 0, 2)).toBe('2027-01-05');
    expect(locked({ weeklyOn: 2 }, 0, '2027-01-05', ['2026-12-26', '2026-12-27', '2027-01-02', '2027-01-03'])).toEqual([
      '2026-12-26',
      '2026-12-27',
      '2027-01-02',
    ]);
  });

  it('weekly on the first day of the week locks the day after the week; on its last day, six days later', () => {
    expect(weekLocksOn('2026-12-30', 1, 1)).toBe('2027-01-04');
    expect(weekLocksOn('2026-12-30', 1, 0)).toBe('2027-01-10');
    expect(weekLocksOn('2026-12-30', 0, 0)).toBe('2027-01-03');
  });

  it('names every rule that holds', () => {
    expect(autoLockReasonsOf({ afterDays: 3, before: '2027-01-01', weeklyOn: 1 }, 1, '2027-01-10', '2026-12-30')).toHaveLength(3);
  });
});
