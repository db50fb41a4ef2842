import { describe, expect, it } from 'vitest';
import { defaultSchedule, dueReminders, type Person } from './due.ts';

const person = (timeZone: string, timeOff: string[] = []): Person => ({ timeZone, workdays: [1, 2, 3, 4, 5], timeOff: new Set(timeOff) });

describe('reminders due at a fixed clock', () => {
  // Friday 2026-11-27, 16:00 local in three time zones.
  it.each([
    ['Europe/Berlin', '2026-11-27T15:00:00Z'],
    ['America/New_York', '2026-11-27T21:00:00Z'],
    ['Asia/Tokyo', '2026-11-27T07:00:00Z'],
  ])('submit reminder fires at 16:00 on the last workday in %s', (tz, at) => {
    const p = person(tz);
    expect(dueReminders(defaultSchedule, p, new Date(at)).map((r) => r.kind)).toContain('reminder.submit');
    const minuteBefore = new Date(new Date(at).getTime() - 60_000);
    expect(dueReminders(defaultSchedule, p, minuteBefore).map((r) => r.kind)).not.toContain('reminder.submit');
  });

  it('missing time checks the previous workday from 10:00, across the weekend', () => {
    // Monday 2026-11-30 10:00 in Berlin checks Friday.
    expect(dueReminders(defaultSchedule, person('Europe/Berlin'), new Date('2026-11-30T09:00:00Z'))).toEqual([{ kind: 'reminder.missing', period: '2026-11-27' }]);
    expect(dueReminders(defaultSchedule, person('Europe/Berlin'), new Date('2026-11-30T08:59:00Z'))).toEqual([]);
  });

  it('nothing on weekends or approved time off, and time off is skipped when looking back', () => {
    expect(dueReminders(defaultSchedule, person('Asia/Tokyo'), new Date('2026-11-28T08:00:00Z'))).toEqual([]);
    expect(dueReminders(defaultSchedule, person('Europe/Berlin', ['2026-11-27']), new Date('2026-11-27T15:00:00Z'))).toEqual([]);
    expect(dueReminders(defaultSchedule, person('Europe/Berlin', ['2026-11-27']), new Date('2026-11-30T09:00:00Z'))).toEqual([{ kind: 'reminder.missing', period: '2026-11-26' }]);
  });

  it('a UTC offset in hours (as profiles hold it) works like a zone: 16:00 at +5.5 is 10:30 UTC', () => {
    const p: Person = { timeZone: 5.5, workdays: [1, 2, 3, 4, 5], timeOff: new Set() };
    expect(dueReminders(defaultSchedule, p, new Date('2026-11-27T10:30:00Z'))).toContainEqual({ kind: 'reminder.submit', period: '2026-11-27' });
    expect(dueReminders(defaultSchedule, p, new Date('2026-11-27T10:29:00Z')).map((r) => r.kind)).not.toContain('reminder.submit');
  });

  it('the same moment gives the same keys (the once-only key of the store)', () => {
    const at = new Date('2026-11-27T15:30:00Z');
    expect(dueReminders(defaultSchedule, person('Europe/Berlin'), at)).toEqual(dueReminders(defaultSchedule, person('Europe/Berlin'), at));
  });

  it('turned-off reminders do not fire', () => {
    expect(dueReminders({ ...defaultSchedule, submitOn: false, missingOn: false }, person('Europe/Berlin'), new Date('2026-11-27T15:00:00Z'))).toEqual([]);
  });

  it('a timer running past the limit is reminded once per timer, even on a weekend', () => {
    const p = { ...person('Asia/Tokyo'), timer: { id: 7, startedAt: new Date('2026-11-28T00:00:00Z') } };
    expect(dueReminders(defaultSchedule, p, new Date('2026-11-28T07:59:00Z'))).toEqual([]);
    expect(dueReminders(defaultSchedule, p, new Date('2026-11-28T08:00:00Z'))).toEqual([{ kind: 'reminder.timer', period: 'timer-7' }]);
  });
});
