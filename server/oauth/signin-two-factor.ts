import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { auditFailedSignIn, auditSignIn, auditTwoFactor } from './audit.ts';
import { authorizeUrl, checkAuthzRequest, finishSignIn, redirect, showProblem, showSignIn, type AuthzRequest } from './authorize.ts';
import { isFirstParty } from './first-party.ts';
import { esc, hidden, messagePage, sendPage } from './pages.ts';
import { csrfToken, csrfValid, currentPending, endPending, startSession, type PendingSignIn } from './session.ts';
import { codeStepPage, recoveryCodesPage, signInSetupPage } from './two-factor-pages.ts';
import { beginSetup, checkCode, codeProblem, newRecoveryCodes, setupView, type CodeCheck } from './two-factor.ts';
import { readForm } from './util.ts';

/** The second step of signing in: a two-factor code, or setting two-factor up when the team requires it. */

type Resumed = { kind: 'ok'; req: AuthzRequest | null } | { kind: 'response'; response: Response };

/** The authorization request the pending sign-in started from, checked again; null for the account page. */
async function checkPendingRequest(c: Context<AppEnv>, pending: PendingSignIn) {
  if (!pending.params) return null;
  const p = new Map<string, string>();
  for (const [k, v] of Object.entries(JSON.parse(pending.params) as Record<string, string | null>)) if (typeof v === 'string') p.set(k, v);
  return checkAuthzRequest(c.get('deps'), p);
}

async function resume(c: Context<AppEnv>, pending: PendingSignIn): Promise<Resumed> {
  const checked = await checkPendingRequest(c, pending);
  if (!checked) return { kind: 'ok', req: null };
  if (checked.kind === 'page') return { kind: 'response', response: await showProblem(c, checked) };
  if (checked.kind === 'redirect') return { kind: 'response', response: redirect(c, checked.url, 303) };
  return { kind: 'ok', req: checked.req };
}

/**
 * Where the step's form may end up (CSP form-action follows redirects): the app's origin when the sign-in
 * started from an authorization request that is still valid.
 */
async function formTargets(c: Context<AppEnv>, pending: PendingSignIn): Promise<string[]> {
  const checked = await checkPendingRequest(c, pending);
  return checked?.kind === 'ok' ? [new URL(checked.req.redirectUri).origin] : [];
}

const expiredForm = (c: Context<AppEnv>) =>
  sendPage(c, 'Try again', messagePage('This form has expired', 'Go back, reload the page and sign in again.'), { status: 403 });

/** No sign-in waits for this step on this browser (expired, or never started): sign in again. */
async function timedOut(c: Context<AppEnv>) {
  await endPending(c);
  return showSignIn(c, null, { error: 'Your sign-in timed out. Sign in again.', status: 401 });
}

/** A refused code: 429 with Retry-After when the account must wait, else 401. */
function refusedStatus(c: Context<AppEnv>, check: Exclude<CodeCheck, { ok: true }>) {
  if (check.reason !== 'wait') return 401;
  c.header('Retry-After', String(check.seconds));
  return 429;
}

async function showSetup(c: Context<AppEnv>, pending: PendingSignIn, extra: { error?: string; status?: number } = {}) {
  const deps = c.get('deps');
  await beginSetup(deps, pending.user.id, { keep: true });
  const view = await setupView(deps, pending.user);
  // Two-factor turned on meanwhile (on another device): the code step instead.
  if (!view) return redirect(c, '/oauth/signin/code', 303);
  const { error, status } = extra;
  return sendPage(
    c,
    'Set up two-factor',
    signInSetupPage({ csrf: csrfToken(c), email: pending.user.email, view, ...(error ? { error } : {}) }),
    {
      status: status ?? 200,
      formTargets: await formTargets(c, pending),
    },
  );
}

/** A posted step's form and the pending sign-in of that step, or the page that answers instead. */
async function postedStep(
  c: Context<AppEnv>,
  kind: PendingSignIn['kind'],
): Promise<{ form: Map<string, string>; pending: PendingSignIn } | { response: Response }> {
  const form = await readForm(c);
  if (!form || !csrfValid(c, form)) return { response: await expiredForm(c) };
  const pending = await currentPending(c);
  if (!pending || pending.kind !== kind) return { response: await timedOut(c) };
  return { form, pending };
}

export function registerSignInTwoFactorRoutes(app: Hono<AppEnv>) {
  app.get('/oauth/signin/code', async (c) => {
    const pending = await currentPending(c);
    if (!pending || pending.kind !== 'code') return timedOut(c);
    return sendPage(c, 'Two-factor sign-in', codeStepPage({ csrf: csrfToken(c), email: pending.user.email }), {
      formTargets: await formTargets(c, pending),
    });
  });

  app.post('/oauth/signin/code', async (c) => {
    const deps = c.get('deps');
    const step = await postedStep(c, 'code');
    if ('response' in step) return step.response;
    const { form, pending } = step;
    const check = await checkCode(deps, pending.user.id, form.get('code') ?? '', { recovery: true });
    if (!check.ok) {
      await auditFailedSignIn(c, [pending.user], 'code');
      const status = refusedStatus(c, check);
      return sendPage(c, 'Two-factor sign-in', codeStepPage({ csrf: csrfToken(c), email: pending.user.email, error: codeProblem(check) }), {
        status,
        formTargets: await formTargets(c, pending),
      });
    }
    await endPending(c);
    const resumed = await resume(c, pending);
    if (resumed.kind === 'response') return resumed.response;
    return finishSignIn(c, resumed.req, pending.user, pending.remember);
  });

  app.get('/oauth/signin/setup', async (c) => {
    const pending = await currentPending(c);
    if (!pending || pending.kind !== 'setup') return timedOut(c);
    return showSetup(c, pending);
  });

  app.post('/oauth/signin/setup', async (c) => {
    const deps = c.get('deps');
    const step = await postedStep(c, 'setup');
    if ('response' in step) return step.response;
    const { form, pending } = step;
    const check = await checkCode(deps, pending.user.id, form.get('code') ?? '', { confirming: true });
    if (!check.ok) return showSetup(c, pending, { error: codeProblem(check), status: refusedStatus(c, check) });
    const codes = await newRecoveryCodes(deps, pending.user.id);
    await auditTwoFactor(c, pending.user, 'two_factor.enabled');
    await endPending(c);
    const resumed = await resume(c, pending);
    if (resumed.kind === 'response') return resumed.response;
    const req = resumed.req;
    await startSession(c, pending.user.id, pending.remember);
    await auditSignIn(c, pending.user);
    // Signed in: the codes are shown once, then the person goes on where they were going.
    let next: string;
    if (!req) next = `<p><a class="button-link primary" href="/oauth/account">Continue to your account</a></p>`;
    else if (isFirstParty(deps, req.client))
      next = `<form method="post" action="/oauth/authorize">${hidden({ csrf_token: csrfToken(c), ...req.params })}<button class="primary full" type="submit" name="decision" value="allow">Continue to Timekeep</button></form>`;
    else next = `<p><a class="button-link primary" href="${esc(authorizeUrl(req))}">Continue to ${esc(req.client.name)}</a></p>`;
    const body = recoveryCodesPage({
      codes,
      heading: 'Two-factor sign-in is on',
      lead: 'From now on, signing in asks for a code from your authenticator app after your password.',
      next,
    });
    return sendPage(c, 'Recovery codes', body, { formTargets: req ? [new URL(req.redirectUri).origin] : [] });
  });

  app.post('/oauth/signin/cancel', async (c) => {
    const form = await readForm(c);
    if (!form || !csrfValid(c, form)) return expiredForm(c);
    const pending = await currentPending(c);
    await endPending(c);
    if (!pending) return showSignIn(c, null);
    const resumed = await resume(c, pending);
    if (resumed.kind === 'response') return resumed.response;
    return showSignIn(c, resumed.req, { email: pending.user.email });
  });
}
