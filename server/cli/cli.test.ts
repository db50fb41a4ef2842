import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { notifications, teams, timeRecords, users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { Secrets } from '../lib/secrets.ts';
import { runCli } from './main.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the real CLI (`npm run cli` is `node --import tsx server/cli/main.ts`) on the test's DATA_DIR. */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SECRET: '' };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/cli/main.ts', ...args],
      { cwd: root, env, timeout: 120_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** Opens the CLI's database in-process to check what it wrote. */
async function inspect<T>(fn: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>): Promise<T> {
  const database = await openPglite(dataDir, { migrate: false });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

describe('cli arguments (checked before the database opens)', () => {
  const silence = () => {
    const errors: string[] = [];
    const orig = console.error;
    console.error = (m: string) => void errors.push(m);
    return { errors, restore: () => void (console.error = orig) };
  };
  it.each([
    [['frobnicate'], /Unknown command "frobnicate"/],
    [[], /No command given/],
    [['user', 'add', '--name', 'A', '--email', 'a@example.test'], /Missing option --role/],
    [['user', 'add', '--name', 'A', '--email', 'a@example.test', '--role', 'boss'], /--role "boss" is not a role/],
    [['user', 'add', '--name', 'A', '--email', 'not-an-email', '--role', 'member'], /not an email address/],
    [['user', 'add', '--name', '--email', 'a@example.test', '--role', 'member'], /--name needs a value/],
    [['user', 'add', '--name', 'A', '--email', 'a@example.test', '--role', 'member', '--colour', 'red'], /Unknown option --colour/],
    [['user', 'add', '--name', 'A', '--email', 'a@example.test', '--role', 'member', '--team', 'x1'], /--team "x1" is not a team id/],
    [['user', 'add', '--name', 'A', '--email', 'a@example.test', '--role', 'member', '--password', 'short'], /at least 8 characters/],
    [['team', 'add', '--name', 'A', '--name', 'B'], /given twice/],
    [['team', 'add', 'stray'], /Unexpected argument "stray"/],
    [['notify', 'run'], /Missing option --at/],
    [['notify', 'run', '--at', 'friday'], /--at "friday" is not an ISO time/],
    [['notify', 'run', '--at', '2026-11-27T15:00:00'], /--at "2026-11-27T15:00:00" is not an ISO time with its offset/],
    [['notify', 'run', '--at', '2026-02-31T15:00:00Z'], /is not an ISO time/],
  ])('%j is refused with exit code 2', async (args, message) => {
    const s = silence();
    const code = await runCli(args, { DATA_DIR: path.join(dataDir, 'never-opened') }).finally(s.restore);
    expect(code).toBe(2);
    expect(s.errors).toHaveLength(1);
    expect(s.errors[0]).toMatch(message);
    expect(fs.existsSync(path.join(dataDir, 'never-opened'))).toBe(false);
  });
});

// Each spawn starts Node with tsx and opens PGlite (the first also runs initdb): slow on a busy machine.
// The CLI here always runs on the embedded database, so the PostgreSQL pass (TEST_DATABASE_URL set) would
// only repeat the same runs: they are left to the embedded pass.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('cli commands (spawned, on one DATA_DIR)', { timeout: 240_000 }, () => {
  it('bad arguments from the real process: one line on stderr, exit 2, nothing on stdout', async () => {
    const r = await cli('user', 'add', '--name', 'A', '--email', 'a@example.test', '--role', 'owner');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--role "owner" is not a role \(one of admin, supervisor, member, member_limited\)/);
  });

  let first: { id: number; apiKey: string };
  it('user add without --team creates the first team and prints the id and API key', async () => {
    const r = await cli(
      'user',
      'add',
      '--name',
      'Ada Admin',
      '--email',
      'Ada@Example.test',
      '--role',
      'admin',
      '--password',
      'correct horse',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    first = JSON.parse(r.stdout);
    expect(Object.keys(first).sort()).toEqual(['apiKey', 'id']);
    expect(first.apiKey).toMatch(/^tk_[A-Za-z0-9_-]{40}$/);
    const secrets = Secrets.load(undefined, dataDir);
    const row = await inspect(
      async (db) => (await db.select().from(users).innerJoin(teams, eq(teams.id, users.teamId)).where(eq(users.id, first.id)))[0],
    );
    expect(row?.users).toMatchObject({
      name: 'Ada Admin',
      email: 'ada@example.test',
      role: 'admin',
      apiKeyHash: secrets.hash(first.apiKey),
    });
    expect(row?.teams.name).toBe('My team');
    expect(secrets.decrypt(row!.users.apiKeyEnc)).toBe(first.apiKey);
    expect(await verifyPassword('correct horse', row!.users.passwordHash)).toBe(true);
  });

  it('refuses a duplicate email with exit 2', async () => {
    const r = await cli('user', 'add', '--name', 'Again', '--email', 'ada@example.test', '--role', 'member');
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('timekeep: A user of this team already has this email');
  });

  it('team add, then user add needs --team when there are several teams', async () => {
    const t = await cli('team', 'add', '--name', 'Second team');
    expect(t.code).toBe(0);
    const team = JSON.parse(t.stdout) as { id: number };
    const ambiguous = await cli('user', 'add', '--name', 'Bo', '--email', 'bo@example.test', '--role', 'member');
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/several teams: say which one with --team ID/);
    const added = await cli('user', 'add', '--name', 'Bo', '--email', 'bo@example.test', '--role', 'member', '--team', String(team.id));
    expect(added.code).toBe(0);
    const { id } = JSON.parse(added.stdout) as { id: number };
    const row = await inspect(async (db) => (await db.select().from(users).where(eq(users.id, id)))[0]);
    expect(row).toMatchObject({ teamId: team.id, role: 'member', passwordHash: null });
  });

  it('user set-password sets a password that verifies; unknown email is refused', async () => {
    expect((await cli('user', 'set-password', '--email', 'bo@example.test', '--password', 'new password 1')).code).toBe(0);
    const row = await inspect(async (db) => (await db.select().from(users).where(eq(users.email, 'bo@example.test')))[0]);
    expect(await verifyPassword('new password 1', row!.passwordHash)).toBe(true);
    const missing = await cli('user', 'set-password', '--email', 'nobody@example.test', '--password', 'whatever1');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/No user has the email nobody@example.test/);
  });

  it('an email is unique within a team only: set-password then needs --team', async () => {
    const second = await inspect(async (db) => (await db.select().from(users).where(eq(users.email, 'bo@example.test')))[0]!.teamId);
    expect((await cli('user', 'add', '--name', 'Ada Two', '--email', 'ada@example.test', '--role', 'member', '--team', String(second))).code).toBe(0);
    const ambiguous = await cli('user', 'set-password', '--email', 'ada@example.test', '--password', 'second password');
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/several teams have this email: say which team with --team ID/i);
    expect((await cli('user', 'set-password', '--email', 'ada@example.test', '--password', 'second password', '--team', String(second))).code).toBe(0);
    const rows = await inspect(async (db) => db.select().from(users).where(eq(users.email, 'ada@example.test')));
    const byTeam = new Map(rows.map((u) => [u.teamId, u.passwordHash]));
    expect(await verifyPassword('second password', byTeam.get(second))).toBe(true);
    expect(await verifyPassword('correct horse', [...byTeam].find(([team]) => team !== second)![1])).toBe(true);
  });

  it('notify run --at sends the reminders due at that moment once and prints how many of each kind', async () => {
    const bo = await inspect(async (db) => (await db.select().from(users).where(eq(users.email, 'bo@example.test')))[0]!);
    await inspect((db) => db.insert(timeRecords).values({ teamId: bo.teamId, userId: bo.id, date: '2026-11-26', time: 6 * 3600 }));
    // Friday 27 November 2026, 16:00 UTC: Bo's week has time and is not submitted; everyone's Thursday is checked.
    const r = await cli('notify', 'run', '--at', '2026-11-27T16:00:00Z');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout);
    const sent = await inspect((db) => db.select({ userId: notifications.userId, kind: notifications.kind }).from(notifications));
    expect(printed).toEqual({
      at: '2026-11-27T16:00:00.000Z',
      'reminder.submit': 1,
      'reminder.missing': sent.filter((n) => n.kind === 'reminder.missing').length,
      'reminder.timer': 0,
    });
    expect(sent.filter((n) => n.kind === 'reminder.submit')).toEqual([{ userId: bo.id, kind: 'reminder.submit' }]);
    expect(sent.some((n) => n.kind === 'reminder.missing' && n.userId !== bo.id)).toBe(true);
    expect(sent.some((n) => n.kind === 'reminder.missing' && n.userId === bo.id)).toBe(false); // 6 h of 8 is enough
    const again = await cli('notify', 'run', '--at', '2026-11-27T16:30:00+00:00');
    expect(JSON.parse(again.stdout)).toEqual({ at: '2026-11-27T16:30:00.000Z', 'reminder.submit': 0, 'reminder.missing': 0, 'reminder.timer': 0 });
  });

  it('seed demo creates the demo team once', async () => {
    const r = await cli('seed', 'demo');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Created the demo team "Northwind Studio"/);
    expect(r.stdout).toMatch(/olivia@northwind\.example\s+password northwind-admin/);
    const again = await cli('seed', 'demo');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already exists/);
    const counts = await inspect(async (db) => ({
      teams: (await db.select().from(teams).where(eq(teams.name, 'Northwind Studio'))).length,
      records: (await db.select().from(timeRecords)).length,
    }));
    expect(counts.teams).toBe(1);
    expect(counts.records).toBeGreaterThan(50);
  });

  it('says clearly that the embedded database is in use, exit 1', async () => {
    const held = await openPglite(dataDir, { migrate: false });
    try {
      const r = await cli('team', 'add', '--name', 'Blocked');
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        `timekeep: The embedded database in ${dataDir} is in use by process ${process.pid} (a running API?). Stop it first, or set DATABASE_URL to use PostgreSQL.`,
      );
    } finally {
      await held.close();
    }
  });
});
