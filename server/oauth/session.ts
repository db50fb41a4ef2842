import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { oauthSessions, pendingSignins, users } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import type { AppEnv, UserRow } from '../http/env.ts';
import { isHttps, randomToken, safeEqual, secretHash } from './util.ts';

/** Remembered sign-in and CSRF cookies of the authorization pages. */

const REMEMBER_SEC = 30 * 24 * 3600;
const SESSION_SEC = 12 * 3600;

const cookieName = (c: Context<AppEnv>, base: string) => (isHttps(c.get('deps')) ? `__Host-${base}` : base);
const cookieOpts = (c: Context<AppEnv>) => ({ path: '/', httpOnly: true, secure: isHttps(c.get('deps')), sameSite: 'Lax' as const });

/** The CSRF token for this browser: a keyed hash of a random http-only cookie (set when missing). */
export function csrfToken(c: Context<AppEnv>): string {
  const name = cookieName(c, 'tk_csrf');
  let value = getCookie(c, name);
  if (!value || !/^[A-Za-z0-9_-]{43}$/.test(value)) {
    value = randomToken();
    setCookie(c, name, value, cookieOpts(c));
  }
  return secretHash(c.get('deps'), 'csrf', value);
}

/** True when the form carries the CSRF token matching this browser's cookie. */
export function csrfValid(c: Context<AppEnv>, form: Map<string, string>): boolean {
  const value = getCookie(c, cookieName(c, 'tk_csrf'));
  const sent = form.get('csrf_token');
  if (!value || !sent) return false;
  return safeEqual(sent, secretHash(c.get('deps'), 'csrf', value));
}

export interface SignInSession {
  user: UserRow;
  /** The session id's hash (what grants approved in it keep). */
  idHash: string;
  remember: boolean;
}

/** The sign-in session of this browser, if any (and its user still active). */
export async function currentSession(c: Context<AppEnv>): Promise<SignInSession | null> {
  const deps = c.get('deps');
  const value = getCookie(c, cookieName(c, 'tk_session'));
  if (!value) return null;
  const idHash = secretHash(deps, 'session', value);
  const [row] = await deps.db
    .select()
    .from(oauthSessions)
    .innerJoin(users, eq(users.id, oauthSessions.userId))
    .where(and(eq(oauthSessions.idHash, idHash), gt(oauthSessions.expiresAt, deps.clock())))
    .limit(1);
  if (!row || row.users.status !== 'active') return null;
  return { user: row.users, idHash, remember: row.oauth_sessions.remember };
}

/** The signed-in user of this browser's sign-in session, if any. */
export const sessionUser = async (c: Context<AppEnv>): Promise<UserRow | null> => (await currentSession(c))?.user ?? null;

/**
 * Ends the sign-in session a grant was approved in, when the app revokes that grant (signing out of it),
 * unless the user asked to stay signed in on this device.
 */
export async function endSessionOfGrant(db: Db, sessionHash: string | null) {
  if (sessionHash) await db.delete(oauthSessions).where(and(eq(oauthSessions.idHash, sessionHash), eq(oauthSessions.remember, false)));
}

/** Starts a sign-in session: a persistent cookie when `remember`, otherwise one for this browser session. Answers its id hash. */
export async function startSession(c: Context<AppEnv>, userId: number, remember: boolean): Promise<string> {
  const deps = c.get('deps');
  const value = randomToken();
  const idHash = secretHash(deps, 'session', value);
  const ttl = remember ? REMEMBER_SEC : SESSION_SEC;
  await deps.db.insert(oauthSessions).values({ idHash, userId, remember, expiresAt: new Date(deps.clock().getTime() + ttl * 1000) });
  setCookie(c, cookieName(c, 'tk_session'), value, { ...cookieOpts(c), ...(remember ? { maxAge: ttl } : {}) });
  return idHash;
}

/** Ends the remembered sign-in (server side and cookie). */
export async function endSession(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const name = cookieName(c, 'tk_session');
  const value = getCookie(c, name);
  if (value) await deps.db.delete(oauthSessions).where(eq(oauthSessions.idHash, secretHash(deps, 'session', value)));
  deleteCookie(c, name, cookieOpts(c));
}

/** How long the second step of a sign-in (a code, or setting up two-factor) may take after the password. */
const PENDING_SEC = 10 * 60;

export type PendingSignIn = typeof pendingSignins.$inferSelect & { user: UserRow };

/**
 * Holds a sign-in after a right password until its second step: a row keyed by the hash of a random id in an
 * http-only, SameSite cookie that lasts as long as the row. Replaces this browser's earlier one.
 */
export async function startPending(
  c: Context<AppEnv>,
  userId: number,
  kind: 'code' | 'setup',
  remember: boolean,
  params: Record<string, string | undefined> | null,
) {
  await endPending(c);
  const deps = c.get('deps');
  const value = randomToken();
  await deps.db.insert(pendingSignins).values({
    idHash: secretHash(deps, 'pending', value),
    userId,
    kind,
    remember,
    params: params ? JSON.stringify(params) : null,
    expiresAt: new Date(deps.clock().getTime() + PENDING_SEC * 1000),
  });
  setCookie(c, cookieName(c, 'tk_pending'), value, { ...cookieOpts(c), maxAge: PENDING_SEC });
}

/** This browser's sign-in waiting for its second step, if any (not expired, its user still active). */
export async function currentPending(c: Context<AppEnv>): Promise<PendingSignIn | null> {
  const deps = c.get('deps');
  const value = getCookie(c, cookieName(c, 'tk_pending'));
  if (!value) return null;
  const [row] = await deps.db
    .select()
    .from(pendingSignins)
    .innerJoin(users, eq(users.id, pendingSignins.userId))
    .where(and(eq(pendingSignins.idHash, secretHash(deps, 'pending', value)), gt(pendingSignins.expiresAt, deps.clock())))
    .limit(1);
  if (!row || row.users.status !== 'active') return null;
  return { ...row.pending_signins, user: row.users };
}

/** Forgets this browser's pending sign-in (server side and cookie). */
export async function endPending(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const name = cookieName(c, 'tk_pending');
  const value = getCookie(c, name);
  if (value) await deps.db.delete(pendingSignins).where(eq(pendingSignins.idHash, secretHash(deps, 'pending', value)));
  deleteCookie(c, name, cookieOpts(c));
}
