import type { Context, Hono } from 'hono';
import type { AppEnv, UserRow } from '../http/env.ts';
import { toDateTime } from '../lib/time.ts';
import { authorisedApps, revokeApp } from './authorised-apps.ts';
import { accountPage, messagePage, sendPage, signInPage } from './pages.ts';
import { csrfToken, csrfValid, sessionUser } from './session.ts';
import { auditTwoFactor } from './audit.ts';
import { recoveryCodesPage, twoFactorSection, type TwoFactorState } from './two-factor-pages.ts';
import {
  beginSetup,
  checkCode,
  codeProblem,
  isOn,
  newRecoveryCodes,
  recoveryCodesLeft,
  setupView,
  teamRequiresTwoFactor,
  turnOff,
  twoFactorOf,
} from './two-factor.ts';
import { readForm } from './util.ts';

const NOTICES: Record<string, string> = {
  revoked: 'Access revoked. The app can no longer use your account.',
  'two-factor-off': 'Two-factor sign-in is off.',
};

const day = (d: Date) => toDateTime(d).slice(0, 10);

/** The account page: authorised apps and two-factor sign-in, with a notice or a two-factor error. */
async function showAccount(c: Context<AppEnv>, user: UserRow, extra: { notice?: string; twoFactorError?: string; status?: number } = {}) {
  const deps = c.get('deps');
  const apps = await authorisedApps(deps, user.id);
  const when = (d: Date) => toDateTime(new Date(d)).slice(0, 16);
  const row = await twoFactorOf(deps.db, user.id);
  let tf: TwoFactorState = { state: 'off' };
  if (isOn(row)) tf = { state: 'on', since: day(row.enabledAt), codesLeft: await recoveryCodesLeft(deps.db, user.id) };
  else if (row) {
    const view = await setupView(deps, user);
    if (view) tf = { state: 'setting-up', view };
  }
  const csrf = csrfToken(c);
  const twoFactor = twoFactorSection({
    csrf,
    tf,
    required: await teamRequiresTwoFactor(deps.db, user.teamId),
    ...(extra.twoFactorError ? { error: extra.twoFactorError } : {}),
  });
  return sendPage(
    c,
    'Your account',
    accountPage({
      csrf,
      user,
      apps: apps.map(({ since, lastUsed, ...a }) => ({ ...a, since: day(since), lastUsed: lastUsed ? `${when(lastUsed)} UTC` : null })),
      ...(extra.notice ? { notice: extra.notice } : {}),
      twoFactor,
    }),
    { status: extra.status ?? 200 },
  );
}

type Guarded = { kind: 'ok'; user: UserRow; form: Map<string, string> } | { kind: 'response'; response: Response | Promise<Response> };

/** A form of the account page: its CSRF token checked and the person signed in. */
async function accountForm(c: Context<AppEnv>): Promise<Guarded> {
  const form = await readForm(c);
  if (!form || !csrfValid(c, form))
    return {
      kind: 'response',
      response: sendPage(c, 'Try again', messagePage('This form has expired', 'Go back, reload the page and try again.'), { status: 403 }),
    };
  const user = await sessionUser(c);
  if (!user) return { kind: 'response', response: c.redirect('/oauth/account', 303) };
  return { kind: 'ok', user, form };
}

/** Recovery codes, shown once (after turning two-factor on, or new ones). */
const showCodes = (c: Context<AppEnv>, codes: string[], heading: string, lead: string) =>
  sendPage(
    c,
    'Recovery codes',
    recoveryCodesPage({ codes, heading, lead, next: '<p><a class="button-link primary" href="/oauth/account#two-factor">Back to your account</a></p>' }),
  );

/** The account pages: the apps the user has authorised (with Revoke) and two-factor sign-in; sign-out lives in authorize.ts. */
export function registerAccountRoutes(app: Hono<AppEnv>) {
  app.get('/oauth/account', async (c) => {
    const user = await sessionUser(c);
    if (!user) return sendPage(c, 'Sign in', signInPage({ csrf: csrfToken(c), params: {} }));
    const notice = NOTICES[c.req.query('done') ?? ''] ?? (c.req.query('revoked') === '1' ? NOTICES.revoked : undefined);
    return showAccount(c, user, notice ? { notice } : {});
  });

  app.post('/oauth/account/revoke', async (c) => {
    const g = await accountForm(c);
    if (g.kind === 'response') return g.response;
    await revokeApp(c.get('deps'), g.user.id, g.form.get('client_id') ?? '');
    return c.redirect('/oauth/account?revoked=1', 303);
  });

  // Set up: a new secret waiting for its first code, shown on the account page (QR code and key).
  app.post('/oauth/account/two-factor/setup', async (c) => {
    const g = await accountForm(c);
    if (g.kind === 'response') return g.response;
    await beginSetup(c.get('deps'), g.user.id);
    return c.redirect('/oauth/account#two-factor', 303);
  });

  // Turn on: the first code confirms the secret; the recovery codes are shown once.
  app.post('/oauth/account/two-factor/on', async (c) => {
    const g = await accountForm(c);
    if (g.kind === 'response') return g.response;
    const deps = c.get('deps');
    const check = await checkCode(deps, g.user.id, g.form.get('code') ?? '', { confirming: true });
    if (!check.ok) {
      if (check.reason === 'wait') c.header('Retry-After', String(check.seconds));
      return showAccount(c, g.user, { twoFactorError: codeProblem(check), status: check.reason === 'wait' ? 429 : 401 });
    }
    const codes = await newRecoveryCodes(deps, g.user.id);
    await auditTwoFactor(c, g.user, 'two_factor.enabled');
    return showCodes(c, codes, 'Two-factor sign-in is on', 'From now on, signing in asks for a code from your authenticator app after your password.');
  });

  // New recovery codes: the earlier ones stop working.
  app.post('/oauth/account/two-factor/recovery-codes', async (c) => {
    const g = await accountForm(c);
    if (g.kind === 'response') return g.response;
    const deps = c.get('deps');
    if (!isOn(await twoFactorOf(deps.db, g.user.id)))
      return showAccount(c, g.user, { twoFactorError: 'Two-factor sign-in is not on.', status: 409 });
    const codes = await newRecoveryCodes(deps, g.user.id);
    await auditTwoFactor(c, g.user, 'two_factor.recovery_codes_renewed');
    return showCodes(c, codes, 'New recovery codes', 'Your earlier recovery codes no longer work.');
  });

  // Turn off with a fresh code (or a recovery code); a set-up not confirmed yet is cancelled without one.
  app.post('/oauth/account/two-factor/off', async (c) => {
    const g = await accountForm(c);
    if (g.kind === 'response') return g.response;
    const deps = c.get('deps');
    const row = await twoFactorOf(deps.db, g.user.id);
    if (isOn(row)) {
      if (await teamRequiresTwoFactor(deps.db, g.user.teamId))
        return showAccount(c, g.user, { twoFactorError: 'Your team requires two-factor sign-in, so it cannot be turned off.', status: 403 });
      const check = await checkCode(deps, g.user.id, g.form.get('code') ?? '', { recovery: true });
      if (!check.ok) {
        if (check.reason === 'wait') c.header('Retry-After', String(check.seconds));
        return showAccount(c, g.user, { twoFactorError: codeProblem(check), status: check.reason === 'wait' ? 429 : 401 });
      }
    }
    await turnOff(deps, g.user.id);
    if (isOn(row)) await auditTwoFactor(c, g.user, 'two_factor.disabled');
    return c.redirect(row && isOn(row) ? '/oauth/account?done=two-factor-off' : '/oauth/account#two-factor', 303);
  });
}
