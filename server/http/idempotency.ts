import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { idempotencyKeys as keys } from '../db/schema/index.ts';
import { Scope } from '../db/scope.ts';
import { readBytes } from './body.ts';
import type { AppEnv, Caller } from './env.ts';
import { ApiError } from './errors.ts';

/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for a first request still running before answering 409. */
const WAIT_MS = 15_000;
/** Bodies the fingerprint reads (uploads included); a larger one is refused by its route before anything applies. */
const FINGERPRINT_LIMIT = 16 * 1024 * 1024;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** The savepoint the request runs under inside the key's transaction (drizzle names its own `sp<n>`). */
const RUN_SAVEPOINT = sql.raw('idempotent_request');

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The key's transaction (drizzle's transaction object, used as a `Db`). */
type Tx = Db;

async function fingerprintOf(c: Context<AppEnv>): Promise<string | null> {
  const url = new URL(c.req.url);
  const body = await readBytes(c.req.raw.clone().body, FINGERPRINT_LIMIT);
  if (!body) return null;
  return createHash('sha256').update(`${c.req.method} ${url.pathname}${url.search}\n`).update(body).digest('hex');
}

/** Deletes keys older than a day; returns how many. */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(keys)
    .where(lt(keys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: keys.key });
  return gone.length;
}

const stillRunning = () => new ApiError(409, 'A request with this Idempotency-Key is still being processed', undefined, { 'Retry-After': '1' });
/** The wait for a first request ran out before this one could claim the key: nothing was done. */
class GaveUp extends Error {}
/** A 5xx answer: the transaction rolls back (nothing applied, no key kept) and the answer goes out as it is. */
class NotKept extends Error {
  constructor(readonly response: Response) {
    super('not kept');
  }
}
const isLockTimeout = (e: unknown) => {
  for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x) if (x.code === '55P03') return true;
  return false;
};

/**
 * Runs a POST at most once per (user, `Idempotency-Key`) within a day. The request runs inside one database
 * transaction that also inserts the key's row with its answer, so a key is either absent (nothing applied: the
 * request failed, or the process died before the commit) or present with the answer of what was applied; a crash
 * can neither apply a keyed request twice nor leave a key that holds its retries back. The route's own reads and
 * writes join that transaction (its `deps.db` and `scope` are the transaction's; its transactions are savepoints).
 *
 * Concurrent copies are ordered by the key row's primary key: a second insert of the same key waits until the
 * first transaction ends, then finds the row and replays its answer (with `Idempotent-Replayed: true`), or claims
 * the key if the first rolled back. A copy that waits longer than 15 s is answered 409 with `Retry-After`. The same
 * key with another method, path or body gets 422. Refusals (4xx) are kept with what they wrote; answers of 500 and
 * above roll back and are not kept, so a repeat runs again. Without the header, `run` runs as usual.
 */
export async function withIdempotencyKey(c: Context<AppEnv>, caller: Caller, run: () => Promise<Response>): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined || c.req.method !== 'POST') return run();
  if (!KEY_FORMAT.test(key)) {
    const message = 'Must be 1 to 255 visible ASCII characters';
    throw new ApiError(422, `Invalid ${IDEMPOTENCY_HEADER} header`, { [IDEMPOTENCY_HEADER]: [message] });
  }
  const fingerprint = await fingerprintOf(c);
  if (!fingerprint) return run();
  const deps = c.get('deps');
  const scope = c.get('scope');
  const { db, clock, secrets } = deps;
  const mine = and(eq(keys.userId, caller.user.id), eq(keys.key, key));

  /** Inserts the key's row in `tx` (the request then runs), or answers with the stored answer. */
  const claim = async (tx: Tx): Promise<Response | null> => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = clock();
      const [claimed] = await tx
        .insert(keys)
        .values({ userId: caller.user.id, key, teamId: caller.team.id, fingerprint, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: keys.key });
      if (claimed) return null;
      const [row] = await tx.select().from(keys).where(mine).limit(1);
      if (!row) continue;
      // A row without an answer was left by an earlier version of the server that claimed keys on their own.
      if (row.status === null || now.getTime() - row.createdAt.getTime() > IDEMPOTENCY_TTL_MS) {
        await tx.delete(keys).where(and(mine, eq(keys.createdAt, row.createdAt)));
        continue;
      }
      if (row.fingerprint !== fingerprint) {
        const message = 'This key was already used with a different request';
        throw new ApiError(422, `${IDEMPOTENCY_HEADER} reused for a different request`, { [IDEMPOTENCY_HEADER]: [message] });
      }
      const body = row.bodyEnc ? secrets.decrypt(row.bodyEnc) : null;
      const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' };
      if (row.contentType) headers['Content-Type'] = row.contentType;
      return new Response(body === '' ? null : body, { status: row.status, headers });
    }
    throw new Error('Idempotency key could not be claimed');
  };

  const keep = (tx: Tx, status: number, body: string, contentType: string | null) =>
    tx.update(keys).set({ status, bodyEnc: secrets.encrypt(body), contentType }).where(mine);

  /** Runs the request in `tx` under a savepoint; answers what to send, its row written. */
  const runIn = async (tx: Tx): Promise<{ response: Response } | { refusal: ApiError }> => {
    await tx.execute(sql`savepoint ${RUN_SAVEPOINT}`);
    c.set('deps', { ...deps, db: tx });
    c.set('scope', new Scope(tx, scope.teamId));
    try {
      const response = await run();
      if (response.status >= 500) throw new NotKept(response);
      await tx.execute(sql`release savepoint ${RUN_SAVEPOINT}`);
      await keep(tx, response.status, await response.clone().text(), response.headers.get('content-type'));
      return { response };
    } catch (e) {
      if (!(e instanceof ApiError) || e.status >= 500) throw e;
      // A refusal keeps what the request wrote before it, as without a key. A failed statement the route turned
      // into the refusal (a unique violation) leaves the transaction aborted: then only the savepoint is undone.
      await tx.execute(sql`release savepoint ${RUN_SAVEPOINT}`).catch(() => tx.execute(sql`rollback to savepoint ${RUN_SAVEPOINT}`));
      await keep(tx, e.status, JSON.stringify(e.body()), 'application/json');
      return { refusal: e };
    } finally {
      c.set('deps', deps);
      c.set('scope', scope);
    }
  };

  // Whoever holds the key, this copy waits at most WAIT_MS for it: for a connection or the embedded database
  // (held by the first copy's transaction) before its transaction starts, or for the first copy's row inside it.
  let decided = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), WAIT_MS);
  });
  const work = db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    if (decided) throw new GaveUp();
    await tx.execute(sql`select set_config('lock_timeout', ${`${WAIT_MS}ms`}, true)`);
    const replay = await claim(tx);
    if (decided) throw new GaveUp();
    decided = true;
    clearTimeout(timer);
    if (replay) return { response: replay };
    await tx.execute(sql`set local lock_timeout to default`);
    return runIn(tx);
  });
  try {
    const first = await Promise.race([work, late]);
    if (first === 'late') {
      decided = true;
      work.catch(() => undefined);
      throw stillRunning();
    }
    if ('refusal' in first) throw first.refusal;
    return first.response;
  } catch (e) {
    if (e instanceof NotKept) return e.response;
    if (e instanceof GaveUp || isLockTimeout(e)) throw stillRunning();
    throw e;
  } finally {
    clearTimeout(timer);
  }
}
