import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { idempotencyKeys as keys } from '../db/schema/index.ts';
import { readBytes } from './body.ts';
import type { AppEnv, Caller } from './env.ts';
import { ApiError } from './errors.ts';

/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still unanswered after this long is taken to have died with its instance; a repeat runs again. */
const ABANDONED_MS = 2 * 60 * 1000;
/** How long a repeat waits for a first request still running before answering 409. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
/** Bodies the fingerprint reads (uploads included); a larger one is refused by its route before anything applies. */
const FINGERPRINT_LIMIT = 16 * 1024 * 1024;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/**
 * Runs a POST at most once per (user, `Idempotency-Key`) within a day. The first request claims the key
 * (an insert on the key's primary key, so two instances on one database agree on who runs it) and stores
 * its answer; a repeat with the same method, path and body gets that answer again (with
 * `Idempotent-Replayed: true`), waiting while the first still runs; a repeat with another request gets 422.
 * Answers of 500 and above are not kept, so a repeat runs again. Without the header, `run` runs as usual.
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
  const { db, clock, secrets, logger } = c.get('deps');
  const mine = and(eq(keys.userId, caller.user.id), eq(keys.key, key));
  const giveUpAt = Date.now() + WAIT_MS;
  for (;;) {
    const now = clock();
    const [claimed] = await db
      .insert(keys)
      .values({ userId: caller.user.id, key, teamId: caller.team.id, fingerprint, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: keys.key });
    if (claimed) break;
    const [row] = await db.select().from(keys).where(mine).limit(1);
    if (!row) continue;
    const age = now.getTime() - row.createdAt.getTime();
    if (age > IDEMPOTENCY_TTL_MS || (row.status === null && age > ABANDONED_MS)) {
      await db.delete(keys).where(and(mine, eq(keys.createdAt, row.createdAt)));
      continue;
    }
    if (row.fingerprint !== fingerprint) {
      const message = 'This key was already used with a different request';
      throw new ApiError(422, `${IDEMPOTENCY_HEADER} reused for a different request`, { [IDEMPOTENCY_HEADER]: [message] });
    }
    if (row.status !== null) {
      const body = row.bodyEnc ? secrets.decrypt(row.bodyEnc) : null;
      const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' };
      if (row.contentType) headers['Content-Type'] = row.contentType;
      return new Response(body === '' ? null : body, { status: row.status, headers });
    }
    if (Date.now() > giveUpAt)
      throw new ApiError(409, 'A request with this Idempotency-Key is still being processed', undefined, { 'Retry-After': '1' });
    await sleep(POLL_MS);
  }

  const keep = async (status: number, body: string, contentType: string | null) => {
    try {
      if (status >= 500) await db.delete(keys).where(mine);
      else
        await db
          .update(keys)
          .set({ status, bodyEnc: secrets.encrypt(body), contentType })
          .where(mine);
    } catch (e) {
      logger.error('idempotency key not stored', { error: e instanceof Error ? e.message : String(e) });
    }
  };
  try {
    const res = await run();
    await keep(res.status, await res.clone().text(), res.headers.get('content-type'));
    return res;
  } catch (e) {
    if (e instanceof ApiError) await keep(e.status, JSON.stringify(e.body()), 'application/json');
    else await keep(500, '', null);
    throw e;
  }
}
