import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { openPostgres } from '../db/client.ts';
import { idempotencyKeys, timeHistory, timeRecords } from '../db/schema/index.ts';
import { fixtures } from '../test/time-fixtures.ts';
import { setupTestApp, type TestContext, type TestUser } from '../test/harness.ts';
import { sweepIdempotencyKeys } from './idempotency.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let task: string;
let taskNum: number;
let day = 0;
/** A day of its own for each test, so each starts from no record. */
const nextDate = () => `2026-04-${String(++day).padStart(2, '0')}`;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  const f = fixtures(t);
  const p = await f.project(r.team.id, { users: [r.member.id, r.limited.id] });
  taskNum = (await f.task(r.team.id, p.id)).id;
  task = `ev:${taskNum}`;
});

const add = (as: TestUser, key: string | undefined, body: Record<string, unknown>, via?: App) =>
  t.call('POST', '/time', { as, body, via, headers: key === undefined ? {} : { 'Idempotency-Key': key } });

/** What the database holds for the member's record on `date`: its time and how many changes it had. */
async function stored(userId: number, date: string) {
  const [rec] = await t.db
    .select()
    .from(timeRecords)
    .where(and(eq(timeRecords.userId, userId), eq(timeRecords.date, date), eq(timeRecords.taskId, taskNum)));
  if (!rec) return { time: 0, changes: 0 };
  const history = await t.db.select().from(timeHistory).where(eq(timeHistory.recordId, rec.id));
  return { time: rec.time, changes: history.length };
}

describe('Idempotency-Key on POST', () => {
  it('applies a repeated key once and answers the repeat with the first answer', async () => {
    const date = nextDate();
    const first = await add(r.member, 'save-1', { task, date, time: 3600 });
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await add(r.member, 'save-1', { task, date, time: 3600 });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await stored(r.member.id, date)).toEqual({ time: 3600, changes: 1 });
    // Without a key, or with a new one, the same body is a new change.
    expect((await add(r.member, 'save-2', { task, date, time: 3600 })).body.time).toBe(7200);
    expect((await add(r.member, undefined, { task, date, time: 3600 })).body.time).toBe(10800);
  });

  it('refuses a key reused with another body (422) and applies nothing', async () => {
    const date = nextDate();
    expect((await add(r.member, 'reuse', { task, date, time: 600 })).status).toBe(201);
    const other = await add(r.member, 'reuse', { task, date, time: 1200 });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 422, errors: { 'Idempotency-Key': [expect.any(String)] } });
    const otherPath = await t.call('POST', '/timers', { as: r.member, body: { task }, headers: { 'Idempotency-Key': 'reuse' } });
    expect(otherPath.status).toBe(422);
    expect(await stored(r.member.id, date)).toEqual({ time: 600, changes: 1 });
  });

  it('keeps keys per user: the same key from two users applies both', async () => {
    const date = nextDate();
    expect((await add(r.member, 'shared-key', { task, date, time: 900 })).status).toBe(201);
    expect((await add(r.limited, 'shared-key', { task, date, time: 900 })).status).toBe(201);
    expect(await stored(r.member.id, date)).toEqual({ time: 900, changes: 1 });
    expect(await stored(r.limited.id, date)).toEqual({ time: 900, changes: 1 });
  });

  it('replays a refusal too, and refuses a malformed key', async () => {
    const refused = await add(r.member, 'bad-day', { task, date: 'not a day', time: 60 });
    expect(refused.status).toBe(422);
    const again = await add(r.member, 'bad-day', { task, date: 'not a day', time: 60 });
    expect(again.status).toBe(422);
    expect(again.body).toEqual(refused.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const malformed = await add(r.member, 'x'.repeat(256), { task, date: nextDate(), time: 60 });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors['Idempotency-Key']).toHaveLength(1);
  });

  it('applies concurrent duplicates once: every copy gets the same answer', async () => {
    const date = nextDate();
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(r.member, 'burst', { task, date, time: 1800 })));
    for (const a of answers) {
      expect(a.status).toBe(201);
      expect(a.body).toEqual(answers[0]!.body);
    }
    expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === null)).toHaveLength(1);
    expect(await stored(r.member.id, date)).toEqual({ time: 1800, changes: 1 });
  });

  describe('two app instances on one database', () => {
    let second: App;
    let closeSecond: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      // On PostgreSQL, the second instance has its own connection pool, as another process would.
      if (t.database.url) {
        const other = await openPostgres(t.database.url, { migrate: false, max: 3 });
        closeSecond = other.close;
        second = createApp({ ...t.deps, db: other.db, verifyToken: undefined });
      } else second = await t.instance();
    });
    afterAll(() => closeSecond());

    it('share keys: a repeat sent to the other instance is answered, not applied', async () => {
      const date = nextDate();
      const first = await add(r.member, 'across', { task, date, time: 2700 });
      const repeat = await add(r.member, 'across', { task, date, time: 2700 }, second);
      expect(repeat.status).toBe(201);
      expect(repeat.body).toEqual(first.body);
      expect(await stored(r.member.id, date)).toEqual({ time: 2700, changes: 1 });
    });

    it('share keys under concurrency: duplicates sent to both at once apply once', async () => {
      const date = nextDate();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => add(r.member, 'across-burst', { task, date, time: 900 }, i % 2 ? second : undefined)),
      );
      for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
      expect(await stored(r.member.id, date)).toEqual({ time: 900, changes: 1 });
    });
  });

  it('treats a key older than a day as new: a repeat a day later applies again', async () => {
    const date = nextDate();
    expect((await add(r.member, 'yesterday', { task, date, time: 120 })).status).toBe(201);
    const tomorrow = createApp({ ...t.deps, clock: () => new Date(Date.now() + 25 * 3600_000) });
    const later = await add(r.member, 'yesterday', { task, date, time: 120 }, tomorrow);
    expect(later.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await stored(r.member.id, date)).toEqual({ time: 240, changes: 2 });
  });

  it('forgets a key after a day: the sweep removes it and a later repeat applies again', async () => {
    const date = nextDate();
    expect((await add(r.member, 'old', { task, date, time: 300 })).status).toBe(201);
    const mine = and(eq(idempotencyKeys.userId, r.member.id), eq(idempotencyKeys.key, 'old'));
    expect(await t.db.select().from(idempotencyKeys).where(mine)).toHaveLength(1);
    const later = new Date(Date.now() + 25 * 3600_000);
    expect(await sweepIdempotencyKeys(t.db, later)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(idempotencyKeys).where(mine)).toHaveLength(0);
    expect((await add(r.member, 'old', { task, date, time: 300 })).body.time).toBe(600);
  });
});
