import { appOn } from './bench-app.ts';
import { withScratchPostgres } from '../server/test/scratch-postgres.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fromPglite, migrationsFolder, openPostgres, type Database } from '../server/db/client.ts';
import { clients, expenseCategories, projects, tasks } from '../server/db/schema/index.ts';
import { Scope } from '../server/db/scope.ts';
import { Secrets } from '../server/lib/secrets.ts';
import { createTeam, createUser } from '../server/modules/users/service.ts';
import type { Bench, BenchContext, BenchResult } from './types.ts';

const TIME_RECORDS = 50_000;
const EXPENSES = 2_000;
const USERS = 20;
const PROJECTS = 200;
const TASKS_PER_PROJECT = 10;
const RUNS = 15;
const BUDGET_MS = 100;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const intArray = (ids: number[]) => sql.raw(`ARRAY[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`);

/** 20 users, 20 clients, 200 projects of every billing and rate kind, 2,000 tasks, 50,000 time records (a third by timer), 2,000 expenses. */
export async function seedDashboardData(db: Database['db'], secrets: Secrets) {
  const team = await createTeam(db, `Bench ${crypto.randomBytes(3).toString('hex')}`);
  const scope = new Scope(db, team.id);
  const users = [];
  for (let i = 0; i < USERS; i++) {
    users.push(
      await createUser(db, secrets, {
        teamId: team.id,
        role: i === 0 ? 'admin' : 'member',
        email: `bench-${team.id}-${i}@example.test`,
        name: `User ${i}`,
        rate: 5000 + i * 100,
        cost: 2000 + i * 50,
      }),
    );
  }
  const userIds = users.map((u) => u.row.id);
  const clientRows = await scope.insertMany(
    clients,
    Array.from({ length: 20 }, (_, i) => ({ name: `Client ${i}` })),
  );
  const billingKinds = [
    {
      billing: { type: 'hourly' as const, fee: null },
      rate: { type: 'project_rate' as const, rate: 12000, userRateOverrides: {}, userCostOverrides: {} },
    },
    {
      billing: { type: 'hourly' as const, fee: null },
      rate: {
        type: 'user_rate' as const,
        rate: null,
        userRateOverrides: { [userIds[1]!]: 9000 },
        userCostOverrides: { [userIds[2]!]: 3000 },
      },
    },
    {
      billing: { type: 'hourly' as const, fee: null },
      rate: { type: 'user_cost' as const, rate: null, userRateOverrides: {}, userCostOverrides: {} },
    },
    {
      billing: { type: 'fixed_fee' as const, fee: 1_000_000 },
      rate: { type: 'project_rate' as const, rate: null, userRateOverrides: {}, userCostOverrides: {} },
    },
    {
      billing: { type: 'non_billable' as const, fee: null },
      rate: { type: 'project_rate' as const, rate: null, userRateOverrides: {}, userCostOverrides: {} },
    },
  ];
  const projectRows = await scope.insertMany(
    projects,
    Array.from({ length: PROJECTS }, (_, i) => ({
      name: `Project ${i}`,
      clientId: i % 10 === 9 ? null : clientRows[i % 20]!.id,
      ...billingKinds[i % billingKinds.length]!,
    })),
  );
  const taskRows = await scope.insertMany(
    tasks,
    projectRows.flatMap((p) =>
      Array.from({ length: TASKS_PER_PROJECT }, (_, j) => ({ projectId: p.id, name: `Task ${j}`, unbillable: j === 9 })),
    ),
  );
  const taskIds = taskRows.map((t) => t.id);
  // (user, task) pairs repeat every 20 × 2,000 = 40,000 records, and 40,000 is not a multiple of 28, so (user, task, date) stays unique.
  await db.execute(sql`
    INSERT INTO time_records (team_id, user_id, task_id, date, time, is_invoiced)
    SELECT ${team.id}, (${intArray(userIds)})[1 + i % ${USERS}], (${intArray(taskIds)})[1 + (i / ${USERS}) % ${taskIds.length}],
           date '2026-03-01' + (i % 28), 300 + (i * 37) % 7200, i % 10 = 0
    FROM generate_series(0, ${TIME_RECORDS - 1}) AS i`);
  await db.execute(sql`
    INSERT INTO time_history (team_id, record_id, created_by, action, time, previous_time)
    SELECT team_id, id, user_id, CASE WHEN id % 3 = 0 THEN 'TIMER' ELSE 'ADD' END, time, 0 FROM time_records WHERE team_id = ${team.id}`);
  const cats = await scope.insertMany(
    expenseCategories,
    Array.from({ length: 5 }, (_, i) => ({ name: `Category ${i}`, color: '#336699' })),
  );
  await db.execute(sql`
    INSERT INTO expenses (team_id, user_id, category_id, project_id, date, amount, type, created_by)
    SELECT ${team.id}, (${intArray(userIds)})[1 + i % ${USERS}], (${intArray(cats.map((c) => c.id))})[1 + i % 5],
           CASE WHEN i % 7 = 0 THEN NULL ELSE (${intArray(projectRows.map((p) => p.id))})[1 + i % ${PROJECTS}] END,
           date '2026-03-01' + (i % 28), 100 + (i * 53) % 50000, (ARRAY['billable', 'separate', 'cost'])[1 + i % 3], 0
    FROM generate_series(0, ${EXPENSES - 1}) AS i`);
  await db.execute(sql`ANALYZE`);
  return { adminKey: users[0]!.apiKey };
}

/** Median and p95 of the in-process handling time (routing, auth, SQL, JSON) of each dashboard. */
async function measureDashboards(ctx: BenchContext, database: Database, kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-dash-'));
  const { app, secrets, close } = appOn(database, dataDir);
  try {
    ctx.log(`dashboards (${kind}): seeding ${TIME_RECORDS} time records and ${EXPENSES} expenses`);
    const { adminKey } = await seedDashboardData(database.db, secrets);
    const results: BenchResult[] = [];
    // The floor on this machine right now: one bare scan and sum of the same records. Reported beside each
    // figure so a loaded machine (shared cores) can be told apart from a slow query.
    const floorTimes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const start = performance.now();
      await database.db.execute(sql`SELECT count(*), sum(time) FROM time_records`);
      floorTimes.push(performance.now() - start);
    }
    const floor = quantile(
      floorTimes.sort((a, b) => a - b),
      0.5,
    );
    // The trend is the reports screen's fourth call: time per day of the projects report.
    for (const which of ['clients', 'projects', 'users', 'trend'] as const) {
      const url = `/dashboards/${which}?date.gte=2026-03-01&date.lte=2026-03-31${which === 'trend' ? '&report=projects' : ''}`;
      let rows = 0;
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const start = performance.now();
        const res = await app.request(url, { headers: { 'X-Api-Key': adminKey } });
        const body = (await res.json()) as unknown[];
        const ms = performance.now() - start;
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        rows = body.length;
        if (i >= 3) times.push(ms);
      }
      times.sort((a, b) => a - b);
      results.push({
        name: `GET /dashboards/${which} over ${TIME_RECORDS} records, ${EXPENSES} expenses`,
        database: kind,
        value: Math.round(quantile(times, 0.5) * 10) / 10,
        unit: 'ms',
        budget: { value: BUDGET_MS, better: 'lower' },
        details: {
          p95: Math.round(quantile(times, 0.95) * 10) / 10,
          rows,
          runs: RUNS,
          scanFloorMs: Math.round(floor * 10) / 10,
          ratioToFloor: Math.round((quantile(times, 0.5) / floor) * 10) / 10,
        },
      });
    }
    return results;
  } finally {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A 10 MB upload, in both body forms, end to end (parse, type check, write and rename, insert). */
async function measureUpload(ctx: BenchContext, database: Database): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-upload-'));
  const { app, secrets, close } = appOn(database, dataDir);
  try {
    const team = await createTeam(database.db, 'Upload bench');
    const { apiKey } = await createUser(database.db, secrets, {
      teamId: team.id,
      role: 'member',
      email: `upload-${team.id}@example.test`,
      name: 'Uploader',
    });
    const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(10 * 1024 * 1024 - 8)]);
    const results: BenchResult[] = [];
    for (const form of ['multipart', 'json'] as const) {
      const times: number[] = [];
      for (let i = 0; i < 6; i++) {
        const body =
          form === 'json'
            ? JSON.stringify({ name: 'scan.png', content: bytes.toString('base64') })
            : (() => {
                const f = new FormData();
                f.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'scan.png');
                return f;
              })();
        const headers: Record<string, string> = { 'X-Api-Key': apiKey };
        if (form === 'json') headers['Content-Type'] = 'application/json';
        const start = performance.now();
        const res = await app.request('/attachments', { method: 'POST', headers, body });
        await res.arrayBuffer();
        const ms = performance.now() - start;
        if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
        if (i > 0) times.push(ms);
      }
      times.sort((a, b) => a - b);
      ctx.log(`upload (${form}): median ${quantile(times, 0.5).toFixed(1)} ms`);
      results.push({
        name: `POST /attachments 10 MB (${form})`,
        database: 'pglite',
        value: Math.round(quantile(times, 0.5) * 10) / 10,
        unit: 'ms',
        details: { max: Math.round(times.at(-1)! * 10) / 10 },
      });
    }
    return results;
  } finally {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pgliteDatabase(): Promise<Database> {
  const client = await PGlite.create();
  const database = fromPglite(client);
  await migrate(database.db as never, { migrationsFolder });
  return database;
}

const bench: Bench = async (ctx) => {
  const results: BenchResult[] = [];
  const embedded = await pgliteDatabase();
  try {
    results.push(...(await measureDashboards(ctx, embedded, 'pglite')));
    results.push(...(await measureUpload(ctx, embedded)));
  } finally {
    await embedded.close();
  }
  if (ctx.postgresUrl) {
    await withScratchPostgres(ctx.postgresUrl, 'dash', async (url) => {
      const database = await openPostgres(url);
      try {
        results.push(...(await measureDashboards(ctx, database, 'postgres')));
      } finally {
        await database.close();
      }
    });
  }
  return results;
};

export default bench;
