import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { idempotencyKeys, timeHistory, timeRecords } from '../db/schema/index.ts';
import { Secrets } from '../lib/secrets.ts';
import { spawnApi, type ApiProcess } from '../test/api-process.ts';
import { seedTeam, type SeededTeam } from '../test/cluster.ts';
import { withScratchPostgres } from '../test/scratch-postgres.ts';

// The API process killed with SIGKILL while keyed saves are in flight, again and again, on each database: every
// save that got no answer is sent again with its key to the restarted process. Each save books a day of its own,
// so a save applied twice shows as a day holding twice its time.
/** Kills on PostgreSQL, where the next process starts while the current one is under load. */
const POSTGRES_ROUNDS = 10;
/** Kills on the embedded database, whose one process restarts after each (a start takes seconds). */
const EMBEDDED_ROUNDS = 5;
const MEMBERS = 4;
/** Saves each member keeps in flight at once. */
const STREAMS = 2;
/** A retry after a restart is answered at once: well under the 15 s a repeat waits for a first still running. */
const AT_ONCE_MS = 5_000;

interface Save {
  member: number;
  key: string;
  body: { task: string; date: string; time: number };
}

const day = (i: number) => new Date(Date.UTC(2023, 0, 2) + i * 86_400_000).toISOString().slice(0, 10);

interface Figures {
  rounds: number;
  acknowledged: number;
  unanswered: number;
  /** Unanswered saves that had been applied before the kill: their retry was replayed. */
  appliedBeforeKill: number;
  appliedTwice: number;
  slowestRetryMs: number;
}

/** Sends one request and waits for its answer, so the new process's first (slow, cold) answer is not timed as a retry. */
async function warmUp(api: ApiProcess, key: string) {
  const res = await fetch(`${api.url}/users/me`, { headers: { 'X-Api-Key': key } });
  expect(res.status).toBe(200);
}

interface Crashes {
  rounds: number;
  /** Starts the next process while the current one is under load (PostgreSQL: several may share the database). */
  overlap: boolean;
  /** Answers how many saves the database holds, to kill the process right after a commit it has not answered yet. */
  committed?: () => Promise<number>;
}

/**
 * Runs `rounds` rounds of: start the API on the same database, send again every save left unanswered (timing each),
 * then keep STREAMS saves per member in flight and kill the process with SIGKILL: as soon as the database holds a
 * save not answered yet (when it can be watched), else at a random moment.
 */
async function crashAndRetry(
  team: SeededTeam,
  env: Record<string, string>,
  crashes: Crashes,
  open: () => Promise<Database>,
): Promise<Figures> {
  const keyOf = new Map(team.members.map((m, i) => [i, m.key]));
  const saves: Save[] = [];
  let next = 0;
  const newSave = (member: number): Save => {
    const i = next++;
    return { member, key: `crash-${i}`, body: { task: team.tasks[i % team.tasks.length]!, date: day(i), time: 60 * (1 + (i % 30)) } };
  };
  const post = (api: ApiProcess, s: Save) =>
    fetch(`${api.url}/time`, {
      method: 'POST',
      headers: { 'X-Api-Key': keyOf.get(s.member)!, 'Content-Type': 'application/json', 'Idempotency-Key': s.key },
      body: JSON.stringify(s.body),
    });
  let pending: Save[] = [];
  const figures: Figures = { rounds: 0, acknowledged: 0, unanswered: 0, appliedBeforeKill: 0, appliedTwice: 0, slowestRetryMs: 0 };
  const retryAll = async (api: ApiProcess) => {
    await warmUp(api, team.admin.key);
    // One at a time, so each retry's time is its own and not the queue's.
    for (const s of pending) {
      const start = performance.now();
      const res = await post(api, s);
      const ms = performance.now() - start;
      figures.slowestRetryMs = Math.max(figures.slowestRetryMs, ms);
      expect(res.status, `retry of ${s.key} after the crash: ${await res.clone().text()}`).toBe(201);
      if (res.headers.get('Idempotent-Replayed') === 'true') figures.appliedBeforeKill++;
      saves.push(s);
      figures.acknowledged++;
    }
    pending = [];
  };

  let starting = spawnApi(env);
  for (let round = 0; round < crashes.rounds; round++) {
    const api = await starting;
    await retryAll(api);
    if (crashes.overlap) starting = spawnApi(env);
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      api.child.kill('SIGKILL');
    };
    const stream = async (member: number) => {
      while (!killed) {
        const s = newSave(member);
        try {
          const res = await post(api, s);
          expect(res.status, await res.clone().text()).toBe(201);
          saves.push(s);
          figures.acknowledged++;
        } catch (e) {
          if (!killed) throw e;
          pending.push(s);
        }
      }
    };
    const before = figures.acknowledged;
    const streams = Array.from({ length: MEMBERS * STREAMS }, (_, i) => stream(i % MEMBERS));
    // The process answers saves before it is killed, so some are acknowledged, others cut.
    while (figures.acknowledged === before) await new Promise((r) => setTimeout(r, 5));
    const deadline = Date.now() + 100 + Math.random() * 500;
    while (!killed && Date.now() < deadline) {
      if (crashes.committed && (await crashes.committed()) > saves.length) kill();
      else await new Promise((r) => setTimeout(r, crashes.committed ? 1 : 20));
    }
    kill();
    await api.exited;
    await Promise.all(streams);
    figures.rounds++;
    figures.unanswered += pending.length;
    if (!crashes.overlap) starting = spawnApi(env);
  }
  const last = await starting;
  await retryAll(last);
  await last.stop('SIGTERM');

  const database = await open();
  try {
    const records = await database.db.select().from(timeRecords).where(eq(timeRecords.teamId, team.teamId));
    const changes = await database.db
      .select({ recordId: timeHistory.recordId })
      .from(timeHistory)
      .where(eq(timeHistory.teamId, team.teamId));
    const keys = await database.db.select({ status: idempotencyKeys.status }).from(idempotencyKeys);
    const byDay = new Map(records.map((r) => [`${r.userId} ${r.date}`, r]));
    const changesOf = new Map<number, number>();
    for (const c of changes) changesOf.set(c.recordId, (changesOf.get(c.recordId) ?? 0) + 1);
    for (const s of saves) {
      const rec = byDay.get(`${team.members[s.member]!.id} ${s.body.date}`);
      expect(rec, `${s.key} was acknowledged but is not stored`).toBeDefined();
      if (rec!.time !== s.body.time || changesOf.get(rec!.id) !== 1) figures.appliedTwice++;
    }
    // Nothing but what was meant: every record is one acknowledged save, and every member's total is theirs.
    expect(records).toHaveLength(saves.length);
    for (const [i, m] of team.members.entries()) {
      const meant = saves.filter((s) => s.member === i).reduce((sum, s) => sum + s.body.time, 0);
      const stored = records.filter((r) => r.userId === m.id).reduce((sum, r) => sum + r.time, 0);
      expect(stored, `total of member ${i}`).toBe(meant);
    }
    // A key is absent or holds its answer: none is left waiting for a request that died.
    expect(keys.filter((k) => k.status === null)).toEqual([]);
  } finally {
    await database.close();
  }
  return figures;
}

function report(db: string, f: Figures) {
  console.warn(
    `${db}: ${f.rounds} kills, ${f.acknowledged} saves acknowledged, ${f.unanswered} unanswered at a kill (${f.appliedBeforeKill} of them applied before it), ${f.appliedTwice} applied twice, slowest retry after a restart ${Math.round(f.slowestRetryMs)} ms`,
  );
  expect(f.appliedTwice).toBe(0);
  expect(f.unanswered).toBeGreaterThan(0);
  expect(f.slowestRetryMs).toBeLessThan(AT_ONCE_MS);
}

const baseEnv = (dataDir: string, secret: string) => ({
  DATA_DIR: dataDir,
  SECRET: secret,
  RATE_LIMIT_POINTS: '1000000',
  LOG_LEVEL: 'warn',
});

describe('keyed saves through SIGKILL: every unanswered save sent again with its key', () => {
  it('applies each once on the embedded database, and the retry after a restart is answered at once', { timeout: 400_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-crash-'));
    const secret = crypto.randomBytes(24).toString('base64url');
    try {
      const seed = await openPglite(dataDir);
      const team = await seedTeam(seed.db, new Secrets(secret), MEMBERS).finally(() => seed.close());
      const crashes = { rounds: EMBEDDED_ROUNDS, overlap: false };
      report('embedded', await crashAndRetry(team, baseEnv(dataDir, secret), crashes, () => openPglite(dataDir)));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const postgresUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!postgresUrl)(
    'applies each once on PostgreSQL, and the retry after a restart is answered at once',
    { timeout: 400_000 },
    async () => {
      await withScratchPostgres(postgresUrl!, 'crash', async (databaseUrl) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-crash-'));
        const secret = crypto.randomBytes(24).toString('base64url');
        try {
          const seed = await openPostgres(databaseUrl, { max: 2 });
          const team = await seedTeam(seed.db, new Secrets(secret), MEMBERS).finally(() => seed.close());
          const env = { ...baseEnv(dataDir, secret), DATABASE_URL: databaseUrl };
          const watch = await openPostgres(databaseUrl, { migrate: false, max: 1 });
          const committed = async () => (await watch.db.select({ id: timeRecords.id }).from(timeRecords)).length;
          const crashes = { rounds: POSTGRES_ROUNDS, overlap: true, committed };
          try {
            report('PostgreSQL', await crashAndRetry(team, env, crashes, () => openPostgres(databaseUrl, { migrate: false, max: 2 })));
          } finally {
            await watch.close();
          }
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      });
    },
  );
});
