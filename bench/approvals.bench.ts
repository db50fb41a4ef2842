/**
 * The reviewers' screens with 50 members: the approvals inbox (50 weeks waiting and the decided ones
 * after them), its badge count, and the team week, timed in-process (routing, auth, SQL, JSON) on
 * PGlite and on PostgreSQL when given.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { shiftWeek, weekDates, weekRange } from '../contract/weeks.ts';
import type { Database } from '../server/db/client.ts';
import { approvals, projects, tasks } from '../server/db/schema/index.ts';
import { Scope } from '../server/db/scope.ts';
import type { Secrets } from '../server/lib/secrets.ts';
import { createTeam, createUser } from '../server/modules/users/service.ts';
import { appOn } from './bench-app.ts';
import { onEachDatabase, quantile } from './databases.ts';
import type { Bench, BenchContext, BenchResult } from './types.ts';

const MEMBERS = 50;
const WEEKS = 12;
const LAST_WEEK = 2611;
const RUNS = 15;
const BUDGET_MS = 100;

const intArray = (ids: number[]) => sql.raw(`ARRAY[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`);

/** 50 members with 12 weeks of weekday time on 20 tasks; the last week waits for approval, the earlier ones are decided. */
async function seed(db: Database['db'], secrets: Secrets) {
  const team = await createTeam(db, `Approvals bench ${crypto.randomBytes(3).toString('hex')}`);
  const scope = new Scope(db, team.id);
  const admin = await createUser(db, secrets, { teamId: team.id, role: 'admin', email: `admin-${team.id}@example.test`, name: 'Admin' });
  const members: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    members.push(
      (
        await createUser(db, secrets, {
          teamId: team.id,
          role: 'member',
          email: `m${i}-${team.id}@example.test`,
          name: `Member ${i}`,
          capacity: 40 * 3600,
        })
      ).row.id,
    );
  }
  const project = await scope.insert(projects, { name: 'Client work', billing: { type: 'hourly', fee: null } });
  const taskRows = await scope.insertMany(
    tasks,
    Array.from({ length: 20 }, (_, i) => ({ projectId: project.id, name: `Task ${i}`, unbillable: i % 5 === 0 })),
  );
  const weeks = Array.from({ length: WEEKS }, (_, i) => shiftWeek(LAST_WEEK, -i));
  const first = weekRange(weeks.at(-1)!, 1).from;
  // Three records a weekday per member, on different tasks.
  await db.execute(sql`
    INSERT INTO time_records (team_id, user_id, task_id, date, time)
    SELECT ${team.id}, m, (${intArray(taskRows.map((t) => t.id))})[1 + (m + d * 3 + k) % 20], ${first}::date + d, 3600 + ((m * 7 + d * 13 + k) % 8) * 900
    FROM unnest(${intArray(members)}) AS m, generate_series(0, ${WEEKS * 7 - 1}) AS d, generate_series(0, 2) AS k
    WHERE extract(isodow FROM ${first}::date + d) < 6`);
  const at = new Date('2026-03-16T09:00:00Z');
  const rows = members.flatMap((userId, m) =>
    weeks.map((weekId, w) => {
      const { from, to } = weekRange(weekId, 1);
      const dates = weekDates(weekId, 1).slice(0, 5);
      const pending = w === 0;
      const when = new Date(at.getTime() - w * 7 * 86_400_000 + m * 60_000);
      return {
        userId,
        weekId,
        weekFrom: from,
        weekTo: to,
        status: pending ? ('pending' as const) : ('approved' as const),
        submittedDates: dates,
        approvedDates: pending ? [] : dates,
        history: [
          { action: 'submitted' as const, dates, userId, comment: `Week ${weekId}`, at: when.toISOString() },
          ...(pending
            ? []
            : [
                {
                  action: 'approved' as const,
                  dates,
                  userId: admin.row.id,
                  comment: '',
                  at: new Date(when.getTime() + 3_600_000).toISOString(),
                },
              ]),
        ],
        createdAt: when,
        updatedAt: when,
      };
    }),
  );
  await scope.insertMany(approvals, rows);
  await db.execute(sql`ANALYZE`);
  return admin.apiKey;
}

async function measure(ctx: BenchContext, database: Database, kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-approvals-'));
  const { app, secrets, close } = appOn(database, dataDir);
  try {
    ctx.log(`approvals (${kind}): seeding ${MEMBERS} members × ${WEEKS} weeks`);
    const key = await seed(database.db, secrets);
    const results: BenchResult[] = [];
    const urls: [string, string][] = [
      ['/approvals', `GET /approvals (${MEMBERS} waiting, then decided; 100 weeks)`],
      ['/approvals?status=pending', `GET /approvals?status=pending (${MEMBERS} weeks)`],
      ['/approvals/summary', 'GET /approvals/summary'],
      [`/timesheets?weekId=${LAST_WEEK}`, `GET /timesheets?weekId= (${MEMBERS + 1} people)`],
    ];
    for (const [url, name] of urls) {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const start = performance.now();
        const res = await app.request(url, { headers: { 'X-Api-Key': key } });
        const text = await res.text();
        const ms = performance.now() - start;
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        size = text.length;
        if (i >= 3) times.push(ms);
      }
      times.sort((a, b) => a - b);
      results.push({
        name,
        database: kind,
        value: Math.round(quantile(times, 0.5) * 10) / 10,
        unit: 'ms',
        budget: { value: BUDGET_MS, better: 'lower' },
        details: { p95: Math.round(quantile(times, 0.95) * 10) / 10, bytes: size, runs: RUNS },
      });
    }
    return results;
  } finally {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const bench: Bench = (ctx) => onEachDatabase(ctx, 'approvals', (database, kind) => measure(ctx, database, kind));

export default bench;
