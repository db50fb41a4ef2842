import { describe, expect, it } from 'vitest';
import type { TimeRecordListItem } from '../../../contract/time.ts';
import type { Timesheet } from '../../../contract/timesheets.ts';
import { weekDates } from '../../../contract/weeks.ts';
import { datesOf, daysLabel, daysOf } from './days.ts';
import { decide, openDates } from './decision.ts';
import { neighbour, nextAfterDecision } from './inbox-order.ts';
import { inboxQuery, parseInboxSearch } from './search.ts';
import { teamWeek } from './team-week.ts';
import { reviewWeek } from './week-view.ts';

const week = weekDates(2611, 1); // 2026-03-09 (Mon) .. 2026-03-15 (Sun)
const none = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };
const days = (...names: (keyof typeof none)[]) => ({ ...none, ...Object.fromEntries(names.map((n) => [n, true])) });

describe('inbox search in the URL', () => {
  it('keeps valid filters and drops the rest', () => {
    expect(parseInboxSearch({ status: 'pending', week: '2611', person: '42', open: '422611' })).toEqual({
      status: 'pending',
      week: 2611,
      person: 42,
      open: 422611,
    });
    expect(parseInboxSearch({ status: 'waiting', week: '2660', person: '-1', open: 'x' })).toEqual({});
    expect(parseInboxSearch({ week: 2611, person: 7 })).toEqual({ week: 2611, person: 7 });
    expect(parseInboxSearch({ person: '99999999999' })).toEqual({});
  });

  it('turns filters into the inbox query', () => {
    expect(inboxQuery({ status: 'rejected', week: 901, person: 3 })).toEqual({ status: 'rejected', weekId: '0901', user: '3' });
    expect(inboxQuery({ open: 5 })).toEqual({});
  });
});

describe('moving through the inbox', () => {
  const items = [
    { id: 1, status: 'pending' },
    { id: 2, status: 'pending' },
    { id: 3, status: 'pending' },
    { id: 4, status: 'approved' },
  ];

  it('steps to the next and previous week, starting at an end when none is open', () => {
    expect(neighbour(items, 2, 1)?.id).toBe(3);
    expect(neighbour(items, 2, -1)?.id).toBe(1);
    expect(neighbour(items, 4, 1)).toBeUndefined();
    expect(neighbour(items, undefined, 1)?.id).toBe(1);
    expect(neighbour(items, undefined, -1)?.id).toBe(4);
  });

  it('goes on to the next waiting week after a decision, else back to an earlier one', () => {
    expect(nextAfterDecision(items, 2)?.id).toBe(3);
    expect(nextAfterDecision(items, 3)?.id).toBe(2);
    expect(nextAfterDecision([{ id: 3, status: 'pending' }, items[3]!], 3)).toBeUndefined();
    expect(nextAfterDecision(items, 99)?.id).toBe(1);
  });
});

describe('days', () => {
  it('names runs of days in the week order', () => {
    expect(daysLabel(days('monday', 'tuesday', 'wednesday', 'friday'), week)).toBe('Mon\u2013Wed, Fri');
    expect(daysLabel(days('monday', 'tuesday'), week)).toBe('Mon, Tue');
    expect(daysLabel(days('sunday'), week)).toBe('Sun');
    expect(daysLabel(none, week)).toBe('No days');
    expect(daysLabel(days('saturday', 'sunday', 'monday'), weekDates(2611, 6))).toBe('Sat\u2013Mon');
  });

  it('converts between dates and weekday flags', () => {
    expect(daysOf(new Set(['2026-03-09', '2026-03-13']), week)).toEqual(days('monday', 'friday'));
    expect(datesOf(days('tuesday', 'sunday'), week)).toEqual(['2026-03-10', '2026-03-15']);
  });
});

describe('decisions', () => {
  const base = {
    chosen: new Set<string>(),
    comment: '',
    dates: week,
    submittedDays: days('monday', 'tuesday', 'wednesday', 'thursday'),
    approvedDays: days('monday'),
  };

  it('approves the whole request', () => {
    expect(decide({ ...base, kind: 'approve', comment: ' ok ' })).toEqual({ ok: true, body: { status: 'approved', comment: 'ok' } });
  });

  it('approves only ticked days still open, and needs one', () => {
    expect(openDates(week, base.submittedDays, base.approvedDays)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    const partial = decide({ ...base, kind: 'approve-days', chosen: new Set(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-13']) });
    expect(partial).toEqual({ ok: true, body: { status: 'approved', days: days('tuesday', 'wednesday'), comment: '' } });
    expect(decide({ ...base, kind: 'approve-days', chosen: new Set(['2026-03-09']) })).toMatchObject({ ok: false, field: 'days' });
  });

  it('rejects only with a comment', () => {
    expect(decide({ ...base, kind: 'reject', comment: '  ' })).toMatchObject({ ok: false, field: 'comment' });
    expect(decide({ ...base, kind: 'reject', comment: 'Split Friday' })).toEqual({
      ok: true,
      body: { status: 'rejected', comment: 'Split Friday' },
    });
  });
});

const task = (id: string, name: string, project: string) =>
  ({ id, name, projects: [project], status: 'open' }) as unknown as TimeRecordListItem['task'];
const rec = (date: string, time: number, t: TimeRecordListItem['task'], comment = ''): TimeRecordListItem => ({
  id: time,
  time,
  user: 1,
  date,
  task: t,
  isLocked: false,
  isInvoiced: false,
  comment,
});

describe('a week read by the reviewer', () => {
  it('lays records into task rows by project and name, time without a task last, with totals', () => {
    const design = task('ev:1', 'Design', 'ev:10');
    const build = task('ev:2', 'Build', 'ev:11');
    const w = reviewWeek(
      [
        rec('2026-03-09', 3600, design, 'kick-off'),
        rec('2026-03-10', 1800, null),
        rec('2026-03-10', 900, build),
        rec('2026-03-16', 999, build),
      ],
      week,
      {
        projectName: (id) => ({ 'ev:10': 'Website', 'ev:11': 'App' })[id] ?? '',
        timecards: [{ date: '2026-03-09', workTime: 28800 } as never],
        timeOff: [{ startDate: '2026-03-12', endDate: '2026-03-13' } as never],
      },
    );
    expect(w.rows.map((r) => `${r.project}/${r.task}`)).toEqual(['App/Build', 'Website/Design', '/Time without a task']);
    expect(w.rows[1]!.cells[0]).toEqual({ seconds: 3600, comment: 'kick-off' });
    expect(w.dayTotals).toEqual([3600, 2700, 0, 0, 0, 0, 0]);
    expect(w.total).toBe(6300);
    expect(w.timecards.map((c) => c?.workTime ?? null)).toEqual([28800, null, null, null, null, null, null]);
    expect(w.timeOff.map((t) => t.length)).toEqual([0, 0, 0, 1, 1, 0, 0]);
  });
});

describe('the team week', () => {
  const sheet = (user: number, times: number[], status?: string): Timesheet =>
    ({
      id: Number(`${user}2611`),
      user,
      dailyTime: times.map((time) => ({ time })),
      approval: status ? { status } : null,
    }) as unknown as Timesheet;

  it('joins weeks and people by name, with capacity, difference and status', () => {
    const t = teamWeek(
      [sheet(1, [3600, 0, 0, 0, 0, 0, 0], 'pending'), sheet(2, [7200, 7200, 0, 0, 0, 0, 0]), sheet(3, [60, 0, 0, 0, 0, 0, 0])],
      [
        { id: 1, name: 'Zoe', capacity: 7200, status: 'active' },
        { id: 2, name: 'Adam', status: 'active' },
        { id: 3, name: 'Gone', capacity: 0, status: 'removed' },
      ],
    );
    expect(t.rows.map((r) => [r.user.name, r.total, r.capacity, r.difference, r.status])).toEqual([
      ['Adam', 14400, null, null, null],
      ['Zoe', 3600, 7200, -3600, 'pending'],
    ]);
    expect(t.dayTotals).toEqual([10800, 7200, 0, 0, 0, 0, 0]);
    expect(t.total).toBe(18000);
  });
});
