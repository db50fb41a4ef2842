import { eq, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import { timecardRoutes } from '../../../contract/timecards.ts';
import { addDays, clockAtOffset, dateAtOffset, daysBetween, isDate, shiftSeconds } from '../../../contract/weeks.ts';
import { timecards, users, type StoredTimecardEntry } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller, UserRow } from '../../http/env.ts';
import { forbidden, invalid, notFound, unprocessable } from '../../http/errors.ts';
import { isAdmin, isManager, ownUnlessManager, requireManager } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { lockReasons } from '../timesheets/locks.ts';
import { formatDuration, presentTimecards, timecardsBetween, type TimecardRow } from './present.ts';
import { teamToday } from './today.ts';
import { lockViewer, type LockViewer } from '../timesheets/auto-lock.ts';

type Access = 'read' | 'write';

/** The user whose timecards are addressed: own for everyone; others' read by admins and supervisors, written by admins. */
export async function targetUser(scope: Scope, caller: Caller, userId: number, access: Access): Promise<UserRow> {
  const user = await scope.byId(users, userId);
  if (!user) throw notFound('User');
  if (user.id === caller.user.id) return user;
  if (access === 'read' ? !isManager(caller) : !isAdmin(caller)) {
    throw forbidden(access === 'read' ? "Only admins and supervisors can read others' timecards" : "Only admins can change others' timecards");
  }
  return user;
}

function realDate(date: string) {
  if (!isDate(date)) throw invalid('date', 'Must be a real calendar date');
  return date;
}

/** `from`/`to` with the default of the last two weeks (in `timezone`), at most a year long. */
export function listRange(q: { from?: string | undefined; to?: string | undefined }, now: Date, timezone: number) {
  const to = q.to ?? (q.from ? addDays(q.from, 13) : dateAtOffset(now, timezone));
  const from = q.from ?? addDays(to, -13);
  if (to < from) throw invalid('to', 'Must not be before from');
  if (daysBetween(from, to) > 366) throw invalid('to', 'The range must not exceed 366 days');
  return { from, to };
}

/** Refuses a change of a day of a pending or approved week, whatever the caller's role (the week is reopened first). */
async function assertUnlocked(scope: Scope, userId: number, date: string, viewer: LockViewer) {
  const reasons = (await lockReasons(scope, userId, [date], viewer)).get(date);
  if (reasons?.length) throw unprocessable(`The timecard of ${date} is locked: ${reasons.join('; ')}`, { date: reasons });
}

/** The user's timecard of `date`, created when missing, locked for update in the transaction. */
async function lockCard(s: Scope, userId: number, date: string, now: Date): Promise<TimecardRow> {
  await s.db.insert(timecards).values({ teamId: s.teamId, userId, date, createdAt: now, updatedAt: now }).onConflictDoNothing();
  const [row] = await s.db.select().from(timecards).where(s.where(timecards, eq(timecards.userId, userId), eq(timecards.date, date))).for('update');
  return row!;
}

const change = (
  action: StoredTimecardEntry['action'],
  previousTime: string | null,
  time: string | null,
  trigger: StoredTimecardEntry['trigger'],
  caller: Caller,
  now: Date,
): StoredTimecardEntry => ({ action, previousTime, time, trigger, userId: caller.user.id, at: now.toISOString() });

export function registerTimecardRoutes(app: Hono<AppEnv>) {
  const present = (scope: Scope, caller: Caller, rows: TimecardRow[], now: Date) => presentTimecards(scope, rows, caller.team.weekStart, now, lockViewer(caller, now));

  register(app, timecardRoutes.teamList, async (c, { query }, caller) => {
    // As GET /team/time: members read their own rows, admins and supervisors anyone's.
    if (query.user !== undefined && query.user !== caller.user.id && !isManager(caller))
      throw forbidden("Only admins and supervisors can read others' timecards");
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const { from, to } = listRange(query, now, caller.user.timezone);
    const only = query.user ?? ownUnlessManager(caller);
    const members = await scope.list(users, ne(users.status, 'removed'), only !== undefined ? eq(users.id, only) : undefined);
    if (query.user !== undefined && members.length === 0) throw invalid('user', 'No such user in the team');
    return present(scope, caller, await timecardsBetween(scope, members.map((m) => m.id), from, to), now);
  });

  register(app, timecardRoutes.teamToday, async (c, _in, caller) => {
    requireManager(caller);
    return teamToday(c.get('scope'), c.get('deps').clock());
  });

  register(app, timecardRoutes.userList, async (c, { params, query }, caller) => {
    const scope = c.get('scope');
    const user = await targetUser(scope, caller, params.user_id, 'read');
    const now = c.get('deps').clock();
    const { from, to } = listRange(query, now, user.timezone);
    return present(scope, caller, await timecardsBetween(scope, [user.id], from, to), now);
  });

  register(app, timecardRoutes.get, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const user = await targetUser(scope, caller, params.user_id, 'read');
    const date = realDate(params.date);
    const row = await scope.first(timecards, eq(timecards.userId, user.id), eq(timecards.date, date));
    if (!row) throw notFound('Timecard');
    return (await present(scope, caller, [row], c.get('deps').clock()))[0]!;
  });

  register(app, timecardRoutes.put, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const user = await targetUser(scope, caller, params.user_id, 'write');
    const date = realDate(params.date);
    const now = c.get('deps').clock();
    const row = await scope.tx(async (s) => {
      const card = await lockCard(s, user.id, date, now);
      await assertUnlocked(s, user.id, date, lockViewer(caller, now));
      const history = [...card.history];
      const set: Partial<TimecardRow> = {};
      if (body.clockIn !== undefined && body.clockIn !== card.clockIn) {
        history.push(change('clock-in', card.clockIn, body.clockIn, 'manually', caller, now));
        set.clockIn = body.clockIn;
      }
      if (body.clockOut !== undefined && body.clockOut !== card.clockOut) {
        history.push(change('clock-out', card.clockOut, body.clockOut, 'manually', caller, now));
        set.clockOut = body.clockOut;
      }
      if (body.breakTime !== undefined && body.breakTime !== card.breakTime) {
        history.push(change('break', formatDuration(card.breakTime), formatDuration(body.breakTime), 'manually', caller, now));
        set.breakTime = body.breakTime;
      }
      if (Object.keys(set).length === 0) return card;
      return (await s.update(timecards, { ...set, history, updatedAt: now }, eq(timecards.id, card.id)))[0]!;
    });
    return (await present(scope, caller, [row], now))[0]!;
  });

  register(app, timecardRoutes.remove, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const user = await targetUser(scope, caller, params.user_id, 'write');
    const date = realDate(params.date);
    await scope.tx(async (s) => {
      await assertUnlocked(s, user.id, date, lockViewer(caller, c.get('deps').clock()));
      const deleted = await s.delete(timecards, eq(timecards.userId, user.id), eq(timecards.date, date));
      if (deleted.length === 0) throw notFound('Timecard');
    });
  });

  register(app, timecardRoutes.clockIn, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const user = await targetUser(scope, caller, params.user_id, 'write');
    const now = c.get('deps').clock();
    const date = body.userDate ?? dateAtOffset(now, user.timezone);
    const time = clockAtOffset(now, user.timezone);
    const row = await scope.tx(async (s) => {
      const card = await lockCard(s, user.id, date, now);
      await assertUnlocked(s, user.id, date, lockViewer(caller, now));
      if (card.clockIn && !card.clockOut) throw unprocessable(`Already clocked in at ${card.clockIn} on ${date}`);
      const history = [...card.history];
      if (card.clockIn && card.clockOut) {
        // Back after clocking out: the time away is a break, and the shift goes on. A clock-out later than now
        // (typed by hand) would make the time away wrap round the clock: it is corrected first.
        if (shiftSeconds(card.clockIn, time) < shiftSeconds(card.clockIn, card.clockOut)) {
          const message = `The timecard of ${date} says you clocked out at ${card.clockOut}, after now (${time}): correct the clock-out before clocking in again`;
          throw unprocessable(message, { clockOut: [message] });
        }
        const breakTime = card.breakTime + shiftSeconds(card.clockOut, time);
        history.push(change('break', formatDuration(card.breakTime), formatDuration(breakTime), 'button', caller, now));
        history.push(change('clock-out', card.clockOut, null, 'button', caller, now));
        return (await s.update(timecards, { clockOut: null, breakTime, history, updatedAt: now }, eq(timecards.id, card.id)))[0]!;
      }
      history.push(change('clock-in', card.clockIn, time, 'button', caller, now));
      return (await s.update(timecards, { clockIn: time, history, updatedAt: now }, eq(timecards.id, card.id)))[0]!;
    });
    return (await present(scope, caller, [row], now))[0]!;
  });

  register(app, timecardRoutes.clockOut, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const user = await targetUser(scope, caller, params.user_id, 'write');
    const now = c.get('deps').clock();
    const time = clockAtOffset(now, user.timezone);
    const today = dateAtOffset(now, user.timezone);
    // Without a date: today's open shift, else yesterday's (a shift past midnight).
    let date = body.userDate ?? today;
    if (!body.userDate) {
      const isOpen = (r: TimecardRow | undefined) => !!r?.clockIn && !r.clockOut;
      const todayCard = await scope.first(timecards, eq(timecards.userId, user.id), eq(timecards.date, today));
      const yesterday = await scope.first(timecards, eq(timecards.userId, user.id), eq(timecards.date, addDays(today, -1)));
      if (!isOpen(todayCard) && isOpen(yesterday)) date = yesterday!.date;
    }
    const row = await scope.tx(async (s) => {
      await assertUnlocked(s, user.id, date, lockViewer(caller, now));
      const [card] = await s.db.select().from(timecards).where(s.where(timecards, eq(timecards.userId, user.id), eq(timecards.date, date))).for('update');
      if (!card?.clockIn || card.clockOut) throw unprocessable(`Not clocked in on ${date}`);
      const history = [...card.history, change('clock-out', card.clockOut, time, 'button', caller, now)];
      return (await s.update(timecards, { clockOut: time, history, updatedAt: now }, eq(timecards.id, card.id)))[0]!;
    });
    return (await present(scope, caller, [row], now))[0]!;
  });
}
