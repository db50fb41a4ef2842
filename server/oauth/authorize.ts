import { and, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { oauthClients, oauthCodes, oauthConsents } from '../db/schema/index.ts';
import type { AppEnv, Deps, UserRow } from '../http/env.ts';
import { clientDisplayName, isFirstParty } from './first-party.ts';
import { consentPage, continuePage, messagePage, refusedRequestPage, sendPage, signInPage } from './pages.ts';
import { csrfToken, csrfValid, currentSession, endSession, startPending, startSession, type SignInSession } from './session.ts';
import { auditFailedSignIn, auditSignIn } from './audit.ts';
import { signInAccounts } from './signin-accounts.ts';
import { isOn, teamRequiresTwoFactor, twoFactorOf } from './two-factor.ts';
import {
  claimEvent,
  perAddress,
  refundEvent,
  resetThrottle,
  SIGNIN_PER_ACCOUNT,
  SIGNIN_PER_ADDRESS,
  throttleKey,
  waitInMinutes,
} from './throttle.ts';
import { clientAddress, CODE_TTL, mcpAudience, queryOnce, randomToken, readForm, secretHash } from './util.ts';

type ClientRow = typeof oauthClients.$inferSelect;

/** The parameters of an authorization request that travel through the sign-in and consent forms. */
export const AUTHZ_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
  'state',
  'resource',
] as const;

export interface AuthzRequest {
  client: ClientRow;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  resource: string | null;
  audience: string;
  /** The original parameters, for the forms' hidden fields. */
  params: Record<string, string | undefined>;
}

/** Where a refused request of an unvetted app may go back, as a link the user may follow (never a redirect). */
interface BackLink {
  appName: string;
  host: string;
  url: string;
}

type Checked =
  | { kind: 'ok'; req: AuthzRequest }
  | { kind: 'page'; status: number; title: string; message: string; back?: BackLink }
  | { kind: 'redirect'; url: string };

/** Builds the redirect back to the client with `values`, `state` and `iss` (RFC 9207). */
function backToClient(deps: Deps, redirectUri: string, state: string | undefined, values: Record<string, string>) {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
  if (state !== undefined) url.searchParams.set('state', state);
  url.searchParams.set('iss', deps.config.publicUrl);
  return url.toString();
}

/**
 * Validates an authorization request. Problems with the client or redirect URI cannot be sent back safely and
 * are shown on a page. The others go back to the product's own web app as RFC 6749 §4.1.2.1 errors; any other app
 * registered itself and nobody vetted its redirect URI, so its errors (found before the user has seen and accepted
 * the consent page) are shown on a page naming the app and where it would send the user, with the error answer as
 * a link they may follow (RFC 9700 §4.11.2): this server never forwards a visitor to an address anyone may register.
 */
export async function checkAuthzRequest(deps: Deps, p: Map<string, string> | null): Promise<Checked> {
  const page = (message: string, status = 400): Checked => ({ kind: 'page', status, title: 'This sign-in link does not work', message });
  if (!p) return page('The request repeats a parameter. Go back to the app and start again.');
  const clientId = p.get('client_id');
  if (!clientId) return page('The request does not name an app (client_id is missing).');
  const [client] = await deps.db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
  if (!client) return page('The app is not registered here (unknown client_id).');
  const redirectUri = p.get('redirect_uri');
  if (!redirectUri) return page('The request has no redirect_uri.');
  if (!client.redirectUris.includes(redirectUri))
    return page('The redirect_uri is not one the app registered, so you cannot be sent back to it.');

  const state = p.get('state');
  const fail = (error: string, description: string): Checked => {
    const url = backToClient(deps, redirectUri, state, { error, error_description: description });
    if (isFirstParty(deps, client)) return { kind: 'redirect', url };
    const message = `The app “${client.name}” sent a sign-in request that cannot be completed: ${description}.`;
    return {
      kind: 'page',
      status: 400,
      title: 'This sign-in link does not work',
      message,
      back: { appName: client.name, host: new URL(redirectUri).host, url },
    };
  };
  if (p.get('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  const challenge = p.get('code_challenge');
  const method = p.get('code_challenge_method');
  if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
  if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return fail('invalid_request', 'code_challenge must be a base64url SHA-256 hash');
  if (state !== undefined && state.length > 1024) return fail('invalid_request', 'state is too long');
  const resource = p.get('resource') ?? null;
  let audience = deps.config.publicUrl;
  if (resource !== null) {
    if (resource === mcpAudience(deps)) audience = mcpAudience(deps);
    else if (resource !== deps.config.publicUrl && resource !== `${deps.config.publicUrl}/`)
      return fail('invalid_target', 'resource is not served here');
  }
  const params: Record<string, string | undefined> = {};
  for (const k of AUTHZ_PARAMS) params[k] = p.get(k);
  return { kind: 'ok', req: { client, redirectUri, state, codeChallenge: challenge, resource, audience, params } };
}

/** Issues a code for the signed-in user (the grant it becomes remembers the session, so the app's sign-out ends it). */
async function issueCode(deps: Deps, req: AuthzRequest, session: Pick<SignInSession, 'idHash'> & { user: Pick<UserRow, 'id'> }) {
  const code = randomToken();
  const now = deps.clock();
  const userId = session.user.id;
  // The web app needs no consent, but is listed (and revocable) on the account page like every app.
  if (isFirstParty(deps, req.client)) await deps.db.insert(oauthConsents).values({ userId, clientId: req.client.id }).onConflictDoNothing();
  await deps.db.insert(oauthCodes).values({
    codeHash: secretHash(deps, 'code', code),
    clientId: req.client.id,
    userId,
    sessionHash: session.idHash,
    redirectUri: req.redirectUri,
    codeChallenge: req.codeChallenge,
    audience: req.audience,
    resource: req.resource,
    expiresAt: new Date(now.getTime() + CODE_TTL * 1000),
    createdAt: now,
  });
  return backToClient(deps, req.redirectUri, req.state, { code });
}

/** A redirect that is neither cached nor followed by a Referer (it may carry a code). */
export function redirect(c: Context<AppEnv>, location: string, status: 302 | 303) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(location, status);
}

const redirectOrigin = (req: AuthzRequest) => new URL(req.redirectUri).origin;

export function showSignIn(
  c: Context<AppEnv>,
  req: AuthzRequest | null,
  extra: { email?: string; error?: string; status?: number; teams?: { id: number; name: string }[] } = {},
) {
  const body = signInPage({
    csrf: csrfToken(c),
    params: req?.params ?? {},
    ...(req ? { appName: clientDisplayName(c.get('deps'), req.client) } : {}),
    ...extra,
  });
  return sendPage(c, 'Sign in', body, { status: extra.status ?? 200, formTargets: req ? [redirectOrigin(req)] : [] });
}

function showConsent(c: Context<AppEnv>, req: AuthzRequest, user: UserRow) {
  const body = consentPage({
    csrf: csrfToken(c),
    params: req.params,
    appName: req.client.name,
    redirectHost: new URL(req.redirectUri).host,
    forMcp: req.audience === mcpAudience(c.get('deps')),
    user: { name: user.name, email: user.email, role: user.role },
  });
  return sendPage(c, 'Allow access', body, { formTargets: [redirectOrigin(req)] });
}

/** The web app with a sign-in already on this device: continue as that person, or switch ("Not you?"). */
function showContinue(c: Context<AppEnv>, req: AuthzRequest, user: UserRow) {
  const body = continuePage({ csrf: csrfToken(c), params: req.params, user: { name: user.name, email: user.email } });
  return sendPage(c, 'Continue', body, { formTargets: [redirectOrigin(req)] });
}

export const showProblem = (c: Context<AppEnv>, checked: Extract<Checked, { kind: 'page' }>) =>
  sendPage(
    c,
    checked.title,
    checked.back ? refusedRequestPage(checked.title, checked.message, checked.back) : messagePage(checked.title, checked.message),
    {
      status: checked.status,
    },
  );

/**
 * A request from a browser already signed in: the web app asks "Continue as…?" (never signing someone in
 * silently after they signed out of it); other apps get a code when consent is remembered, else the consent screen.
 */
async function proceed(c: Context<AppEnv>, req: AuthzRequest, session: SignInSession) {
  const deps = c.get('deps');
  if (isFirstParty(deps, req.client)) return showContinue(c, req, session.user);
  const [consent] = await deps.db
    .select()
    .from(oauthConsents)
    .where(and(eq(oauthConsents.userId, session.user.id), eq(oauthConsents.clientId, req.client.id)))
    .limit(1);
  if (consent) return redirect(c, await issueCode(deps, req, session), 302);
  return showConsent(c, req, session.user);
}

export const formParams = (form: Map<string, string>) => {
  const p = new Map<string, string>();
  for (const k of AUTHZ_PARAMS) {
    const v = form.get(k);
    if (v !== undefined) p.set(k, v);
  }
  return p;
};

/** Signs the user in on this browser and continues: back to the web app with a code, to the app's consent, or to the account page. */
export async function finishSignIn(c: Context<AppEnv>, req: AuthzRequest | null, user: UserRow, remember: boolean) {
  const deps = c.get('deps');
  const idHash = await startSession(c, user.id, remember);
  await auditSignIn(c, user);
  if (!req) return redirect(c, '/oauth/account', 303);
  // The web app, just signed in: straight back to it.
  if (isFirstParty(deps, req.client)) return redirect(c, await issueCode(deps, req, { idHash, user }), 303);
  return redirect(c, authorizeUrl(req), 303);
}

/** The authorization request again, as a link (its consent page, or "Continue as…?" for the web app). */
export const authorizeUrl = (req: AuthzRequest) =>
  `/oauth/authorize?${new URLSearchParams(Object.entries(req.params).filter((e): e is [string, string] => e[1] !== undefined)).toString()}`;

export function registerAuthorizeRoutes(app: Hono<AppEnv>) {
  app.get('/oauth/authorize', async (c) => {
    const deps = c.get('deps');
    const checked = await checkAuthzRequest(deps, queryOnce(c));
    if (checked.kind === 'page') return showProblem(c, checked);
    if (checked.kind === 'redirect') return redirect(c, checked.url, 302);
    const session = await currentSession(c);
    if (!session) return showSignIn(c, checked.req);
    return proceed(c, checked.req, session);
  });

  app.post('/oauth/signin', async (c) => {
    const deps = c.get('deps');
    const form = await readForm(c);
    if (!form || !csrfValid(c, form)) {
      return sendPage(c, 'Try again', messagePage('This form has expired', 'Go back, reload the page and sign in again.'), { status: 403 });
    }
    let req: AuthzRequest | null = null;
    if (form.has('client_id')) {
      const checked = await checkAuthzRequest(deps, formParams(form));
      if (checked.kind === 'page') return showProblem(c, checked);
      if (checked.kind === 'redirect') return redirect(c, checked.url, 303);
      req = checked.req;
    }
    const email = (form.get('email') ?? '').trim().toLowerCase().slice(0, 320);
    const password = (form.get('password') ?? '').slice(0, 1024);
    const accountKey = throttleKey(deps, 'signin-account', email);
    const addressKey = throttleKey(deps, 'signin-address', clientAddress(c));
    const addressPolicy = perAddress(deps, SIGNIN_PER_ADDRESS);
    // Each try is counted before the password is checked, so parallel tries cannot pass the account's limit.
    const accountWait = await claimEvent(deps, accountKey, SIGNIN_PER_ACCOUNT);
    if (accountWait > 0) {
      c.header('Retry-After', String(accountWait));
      const error = `Too many sign-in attempts for this account. Try again in ${waitInMinutes(accountWait)}.`;
      return showSignIn(c, req, { email, error, status: 429 });
    }
    // The address's limit never refuses a right password (a whole office may share the address); it answers wrong ones with a wait.
    const addressWait = await claimEvent(deps, addressKey, addressPolicy);
    // The same work whether or not the email exists, so neither the answer nor its timing reveals it.
    const teamField = form.get('team');
    const found = await signInAccounts(deps, email, password, teamField && /^\d{1,9}$/.test(teamField) ? Number(teamField) : undefined);
    if (found.kind === 'none') {
      await auditFailedSignIn(c, found.tried, 'password');
      if (addressWait === 0) return showSignIn(c, req, { email, error: 'The email or password is not correct.', status: 401 });
      c.header('Retry-After', String(addressWait));
      const error = `The email or password is not correct, and too many sign-ins failed from this network. Try again in ${waitInMinutes(addressWait)}.`;
      return showSignIn(c, req, { email, error, status: 429 });
    }
    await resetThrottle(deps, accountKey);
    if (addressWait === 0) await refundEvent(deps, addressKey, addressPolicy);
    if (found.kind === 'choose') {
      const error = 'This email and password open accounts in several teams. Choose the team and enter your password again.';
      return showSignIn(c, req, { email, teams: found.teams, error });
    }
    const user = found.user;
    const remember = form.get('remember') === '1';
    // Two-factor: the password alone does not sign in; the code step (or, when the team requires it, setting it up) comes next.
    const on = isOn(await twoFactorOf(deps.db, user.id));
    if (on || (await teamRequiresTwoFactor(deps.db, user.teamId))) {
      await startPending(c, user.id, on ? 'code' : 'setup', remember, req?.params ?? null);
      return redirect(c, on ? '/oauth/signin/code' : '/oauth/signin/setup', 303);
    }
    return finishSignIn(c, req, user, remember);
  });

  app.post('/oauth/authorize', async (c) => {
    const deps = c.get('deps');
    const form = await readForm(c);
    if (!form || !csrfValid(c, form)) {
      return sendPage(c, 'Try again', messagePage('This form has expired', 'Go back to the app and start again. Nothing was allowed.'), {
        status: 403,
      });
    }
    const checked = await checkAuthzRequest(deps, formParams(form));
    if (checked.kind === 'page') return showProblem(c, checked);
    if (checked.kind === 'redirect') return redirect(c, checked.url, 303);
    const req = checked.req;
    const session = await currentSession(c);
    if (!session) return showSignIn(c, req);
    const user = session.user;
    const decision = form.get('decision');
    if (decision === 'deny')
      return redirect(
        c,
        backToClient(deps, req.redirectUri, req.state, { error: 'access_denied', error_description: 'The user denied access' }),
        303,
      );
    if (decision !== 'allow') return isFirstParty(deps, req.client) ? showContinue(c, req, user) : showConsent(c, req, user);
    await deps.db.insert(oauthConsents).values({ userId: user.id, clientId: req.client.id }).onConflictDoNothing();
    return redirect(c, await issueCode(deps, req, session), 303);
  });

  app.post('/oauth/signout', async (c) => {
    const form = await readForm(c);
    if (!form || !csrfValid(c, form))
      return sendPage(c, 'Try again', messagePage('This form has expired', 'Go back, reload the page and try again.'), { status: 403 });
    await endSession(c);
    const p = formParams(form);
    if (p.has('client_id')) {
      const checked = await checkAuthzRequest(c.get('deps'), p);
      if (checked.kind === 'ok') return showSignIn(c, checked.req);
    }
    return sendPage(
      c,
      'Signed out',
      `${messagePage('You are signed out', 'This device no longer remembers your sign-in.')}<p><a href="/oauth/account">Sign in again</a></p>`,
    );
  });
}
