/**
 * Notifications at team scale, in-process on PGlite and on PostgreSQL when given:
 * - the scheduler's run (`notify run`: reminders and the reviewers' digests) for a team of 1,000 people on a Friday
 *   afternoon, each in one of four time zones, with SMTP on so every reminder is decided and queued as an email;
 *   a second run at the same moment (nothing new) as a detail;
 * - the bell's list (GET /notifications, first page, and ?unread=true) for a person with 10,000 notifications, p99.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/client.ts';
import { approvals, mailOutbox, notifications, timers, users } from '../server/db/schema/index.ts';
import { Scope } from '../server/db/scope.ts';
import { Secrets } from '../server/lib/secrets.ts';
import { runDigests } from '../server/modules/reminders/digest.ts';
import { runReminders } from '../server/modules/reminders/run.ts';
import { createTeam, createUser } from '../server/modules/users/service.ts';
import { appOn } from './bench-app.ts';
import { onEachDatabase, quantile } from './databases.ts';
import type { Bench, BenchContext, BenchResult } from './types.ts';

const PEOPLE = 1000;
const NOTIFICATIONS = 10_000;
const RUN_BUDGET_MS = 2000;
const LIST_BUDGET_MS = 50;
const LIST_RUNS = 200;
/** Friday 27 November 2026, 16:30 UTC: past 16:00 in London and Berlin, Saturday in Tokyo, 11:30 in New York. */
const AT = new Date('2026-11-27T16:30:00Z');
const WEEK = 2648;
const ZONES = [0, 1, 9, -5];
const ms = (n: number) => Math.round(n * 10) / 10;

const intArray = (ids: number[]) => sql.raw(`ARRAY[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`);

/** 1,000 people (10 admins, 20 supervisors), Monday to Thursday of time (some days short), 50 long timers, 100 weeks waiting. */
async function seedTeam(db: Database['db'], secrets: Secrets) {
  const team = await createTeam(db, `Notifications bench ${crypto.randomBytes(3).toString('hex')}`);
  const scope = new Scope(db, team.id);
  const admin = await createUser(db, secrets, { teamId: team.id, role: 'admin', email: `admin-${team.id}@example.test`, name: 'Admin' });
  const rows = Array.from({ length: PEOPLE - 1 }, (_, i) => ({
    teamId: team.id,
    name: `Person ${i}`,
    email: `p${i}-${team.id}@example.test`,
    role: i < 9 ? ('admin' as const) : i < 29 ? ('supervisor' as const) : ('member' as const),
    timezone: ZONES[i % ZONES.length]!,
    capacity: 40 * 3600,
    apiKeyEnc: secrets.encrypt(`bench-${team.id}-${i}`),
    apiKeyHash: secrets.hash(`bench-${team.id}-${i}`),
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500)
    ids.push(
      ...(
        await db
          .insert(users)
          .values(rows.slice(i, i + 500))
          .returning({ id: users.id })
      ).map((r) => r.id),
    );
  // Monday to Thursday; every seventh person logged only an hour on Thursday (a short day).
  await db.execute(sql`
    INSERT INTO time_records (team_id, user_id, task_id, date, time)
    SELECT ${team.id}, m, null, '2026-11-23'::date + d, CASE WHEN d = 3 AND m % 7 = 0 THEN 3600 ELSE 28800 END
    FROM unnest(${intArray(ids)}) AS m, generate_series(0, 3) AS d`);
  await scope.insertMany(
    timers,
    ids.slice(100, 150).map((userId) => ({ userId, userDate: '2026-11-27', startedAt: new Date(AT.getTime() - 10 * 3_600_000) })),
  );
  await scope.insertMany(
    approvals,
    ids.slice(200, 300).map((userId) => ({
      userId,
      weekId: WEEK - 1,
      weekFrom: '2026-11-16',
      weekTo: '2026-11-22',
      status: 'pending' as const,
      submittedDates: ['2026-11-16'],
      approvedDates: [],
      history: [],
      createdAt: AT,
      updatedAt: AT,
    })),
  );
  await db.execute(sql`ANALYZE`);
  return { teamId: team.id, admin };
}

/** One person with 10,000 notifications over 100 days, a tenth unread. */
async function seedInbox(db: Database['db'], teamId: number, userId: number) {
  await db.execute(sql`
    INSERT INTO ${notifications} (team_id, user_id, kind, subject, link, payload, in_app, created_at, read_at)
    SELECT ${teamId}::int, ${userId}::int, 'week.waiting',
      jsonb_build_object('type', 'timesheet', 'id', ${userId}::bigint * 10000 + 2648, 'user', ${userId}::int, 'weekId', 2648),
      '/approvals?open=' || i,
      jsonb_build_object('title', 'Person ' || i || ' submitted the week of 23 Nov 2026 for approval', 'comment', '', 'actor', null),
      true, ${AT}::timestamptz - (i || ' minutes')::interval,
      CASE WHEN i % 10 = 0 THEN null ELSE ${AT}::timestamptz END
    FROM generate_series(1, ${NOTIFICATIONS}) AS i`);
  await db.execute(sql`ANALYZE`);
}

async function listP99(app: ReturnType<typeof appOn>['app'], key: string, url: string) {
  const times: number[] = [];
  for (let i = 0; i < LIST_RUNS + 10; i++) {
    const start = performance.now();
    const res = await app.request(url, { headers: { 'X-Api-Key': key } });
    await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= 10) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: ms(quantile(times, 0.5)), p99: ms(quantile(times, 0.99)) };
}

async function measure(ctx: BenchContext, database: Database, kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-notifications-'));
  const { app, secrets, close } = appOn(database, dataDir);
  try {
    ctx.log(`notifications (${kind}): seeding ${PEOPLE} people`);
    const { teamId, admin } = await seedTeam(database.db, secrets);
    const config = { ...loadConfig({ PUBLIC_URL: 'http://bench.test', DATA_DIR: dataDir }), smtpUrl: 'smtp://127.0.0.1:2525' };
    const deps = { db: database.db, config, secrets };
    const scheduled = async () => {
      const start = performance.now();
      const counts = await runReminders(deps, AT);
      const digests = await runDigests(deps, AT);
      return { ms: performance.now() - start, sent: Object.values(counts).reduce((a, b) => a + b, 0) + digests, counts, digests };
    };
    const first = await scheduled();
    const again = await scheduled();
    const [queued] = await database.db.select({ n: sql<number>`count(*)` }).from(mailOutbox);
    const results: BenchResult[] = [
      {
        name: `notify run, team of ${PEOPLE} (reminders and digests decided and queued)`,
        database: kind,
        value: ms(first.ms),
        unit: 'ms',
        budget: { value: RUN_BUDGET_MS, better: 'lower' },
        details: {
          sent: first.sent,
          submit: first.counts['reminder.submit'],
          missing: first.counts['reminder.missing'],
          timer: first.counts['reminder.timer'],
          digests: first.digests,
          mailsQueued: Number(queued?.n ?? 0),
          secondRunMs: ms(again.ms),
          secondRunSent: again.sent,
          ratioToBudget: Math.round((first.ms / RUN_BUDGET_MS) * 100) / 100,
        },
      },
    ];
    ctx.log(`notifications (${kind}): ${NOTIFICATIONS} notifications for one person`);
    await seedInbox(database.db, teamId, admin.row.id);
    for (const [url, name] of [
      ['/notifications', `GET /notifications (first page of ${NOTIFICATIONS})`],
      ['/notifications?unread=true', `GET /notifications?unread=true (of ${NOTIFICATIONS})`],
    ] as const) {
      const { p50, p99 } = await listP99(app, admin.apiKey, url);
      results.push({
        name,
        database: kind,
        value: p99,
        unit: 'ms p99',
        budget: { value: LIST_BUDGET_MS, better: 'lower' },
        details: { p50, runs: LIST_RUNS, ratioToBudget: Math.round((p99 / LIST_BUDGET_MS) * 100) / 100 },
      });
    }
    return results;
  } finally {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const bench: Bench = (ctx) => onEachDatabase(ctx, 'notifications', (database, kind) => measure(ctx, database, kind));

export default bench;
