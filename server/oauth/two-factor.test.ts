import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { twoFactor, twoFactorRecoveryCodes } from '../db/schema/index.ts';
import {
  authorizationUrl,
  Browser,
  formFields,
  PASSWORD,
  registerClient,
  userWithPassword,
  useTestServer,
  type Env,
} from '../test/oauth-support.ts';

/** Two-factor sign-in (TOTP and recovery codes) on the server's pages, with codes computed from the secret at chosen times. */

let env: Env;
useTestServer((e) => (env = e));

const STEP_MS = 30_000;

/**
 * Moves the server's clock to 2 s into a 30-second step (well ahead of the real time, so no earlier test's
 * step is reused) and answers that step's start: codes are then computed for times around it.
 */
function pinClock(): number {
  const stepStart = (Math.floor(Date.now() / STEP_MS) + 10 + Math.floor(Math.random() * 1000)) * STEP_MS;
  env.clock.offsetMs = stepStart + 2000 - Date.now();
  return stepStart;
}

const codeAt = (secret: string, ms: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: ms });

/** The password step on the account page's sign-in form; answers the redirect. */
async function password(browser: Browser, email: string) {
  const page = await browser.fetch(`${env.base}/oauth/account`);
  const html = await page.text();
  return browser.post(`${env.base}/oauth/signin`, { ...formFields(html, '/oauth/signin'), email, password: PASSWORD });
}

const location = (res: Response) => new URL(res.headers.get('location')!, env.base);

/** Submits a form of `page` (fetched fresh) posting to `action`, with `fields`. */
async function submit(browser: Browser, page: string, action: string, fields: Record<string, string> = {}) {
  const html = await (await browser.fetch(`${env.base}${page}`)).text();
  return browser.post(`${env.base}${action}`, { ...formFields(html, action), ...fields });
}

const secretOf = (html: string) => /id="two-factor-secret">([A-Z2-7 ]+)</.exec(html)![1]!.replace(/ /g, '');
const codesOf = (html: string) => [...html.slice(html.indexOf('class="codes"')).matchAll(/<li>([a-z0-9-]+)<\/li>/g)].map((m) => m[1]!);

/** A signed-in user with two-factor on, its first code taken at `confirmAt`; answers the secret and recovery codes. */
async function withTwoFactor(confirmAt: (stepStart: number) => number = (s) => s) {
  const stepStart = pinClock();
  const user = await userWithPassword(env);
  const browser = new Browser();
  expect((await password(browser, user.email)).status).toBe(303);
  expect((await submit(browser, '/oauth/account', '/oauth/account/two-factor/setup')).status).toBe(303);
  const html = await (await browser.fetch(`${env.base}/oauth/account`)).text();
  const secret = secretOf(html);
  const on = await browser.post(`${env.base}/oauth/account/two-factor/on`, {
    ...formFields(html, '/oauth/account/two-factor/on'),
    code: codeAt(secret, confirmAt(stepStart)),
  });
  expect(on.status).toBe(200);
  const codes = codesOf(await on.text());
  expect(codes).toHaveLength(10);
  return { user, browser, secret, codes, stepStart };
}

/** A fresh browser past the password of `email`, on the code step. */
async function atCodeStep(email: string) {
  const browser = new Browser();
  const res = await password(browser, email);
  expect(res.status).toBe(303);
  expect(location(res).pathname).toBe('/oauth/signin/code');
  return browser;
}

const enterCode = (browser: Browser, code: string) => submit(browser, '/oauth/signin/code', '/oauth/signin/code', { code });

describe('turning two-factor on', () => {
  it('shows a QR code and the secret as text, is on only after a right first code, and shows ten recovery codes once with a download', async () => {
    const stepStart = pinClock();
    const user = await userWithPassword(env);
    const browser = new Browser();
    await password(browser, user.email);
    let html = await (await browser.fetch(`${env.base}/oauth/account`)).text();
    expect(html).toContain('Two-factor sign-in is <strong>off</strong>');
    await submit(browser, '/oauth/account', '/oauth/account/two-factor/setup');
    html = await (await browser.fetch(`${env.base}/oauth/account`)).text();
    expect(html).toMatch(/<img class="qr" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"/);
    const secret = secretOf(html);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // At rest the secret is encrypted like API keys.
    const [row] = await env.t.db.select().from(twoFactor).where(eq(twoFactor.userId, user.id));
    expect(row!.secretEnc).toMatch(/^v1\./);
    expect(row!.secretEnc).not.toContain(secret);
    expect(env.t.deps.secrets.decrypt(row!.secretEnc)).toBe(secret);
    expect(row!.enabledAt).toBeNull();

    // A wrong first code leaves it off.
    const wrong = await browser.post(`${env.base}/oauth/account/two-factor/on`, {
      ...formFields(html, '/oauth/account/two-factor/on'),
      code: codeAt(secret, stepStart + 5 * STEP_MS),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('The code is not correct.');
    // Signing in still needs no code.
    expect(location(await password(new Browser(), user.email)).pathname).toBe('/oauth/account');

    const on = await browser.post(`${env.base}/oauth/account/two-factor/on`, {
      ...formFields(html, '/oauth/account/two-factor/on'),
      code: codeAt(secret, stepStart),
    });
    expect(on.status).toBe(200);
    const page = await on.text();
    const codes = codesOf(page);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const download = /href="(data:text\/plain;charset=utf-8,[^"]+)" download="timekeep-recovery-codes.txt"/.exec(page)![1]!;
    const file = decodeURIComponent(download.slice(download.indexOf(',') + 1));
    for (const c of codes) expect(file).toContain(c);
    // Recovery codes are kept hashed only.
    const stored = await env.t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes).not.toContain(s.codeHash);

    html = await (await browser.fetch(`${env.base}/oauth/account`)).text();
    expect(html).toContain('Two-factor sign-in is <strong>on</strong>');
    expect(html).toContain('You have 10 recovery codes left.');
    expect(html).not.toContain(codes[0]!);
  });

  it('cancels a set-up not confirmed without a code', async () => {
    pinClock();
    const user = await userWithPassword(env);
    const browser = new Browser();
    await password(browser, user.email);
    await submit(browser, '/oauth/account', '/oauth/account/two-factor/setup');
    expect((await submit(browser, '/oauth/account', '/oauth/account/two-factor/off')).status).toBe(303);
    expect(await (await browser.fetch(`${env.base}/oauth/account`)).text()).toContain('Two-factor sign-in is <strong>off</strong>');
  });
});

describe('signing in with a code', () => {
  it('asks for a code after the password (no session before it), accepts one step either side and refuses a reused or older code', async () => {
    // Confirmed with a code of the step before: the window's early edge.
    const { user, secret, stepStart } = await withTwoFactor((s) => s - STEP_MS);
    const browser = await atCodeStep(user.email);
    expect(browser.cookies.has('tk_session')).toBe(false);
    const pendingCookie = browser.setCookies.find((c) => c.startsWith('tk_pending='))!;
    expect(pendingCookie).toMatch(/HttpOnly/i);
    expect(pendingCookie).toMatch(/SameSite=Lax/i);
    const page = await browser.fetch(`${env.base}/oauth/signin/code`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('autocomplete="one-time-code"');

    // Just outside the window on either side.
    for (const at of [stepStart - STEP_MS - 1, stepStart + 2 * STEP_MS]) {
      const res = await enterCode(browser, codeAt(secret, at));
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('The code is not correct.');
    }
    expect(browser.cookies.has('tk_session')).toBe(false);
    const ok = await enterCode(browser, codeAt(secret, stepStart));
    expect(ok.status).toBe(303);
    expect(location(ok).pathname).toBe('/oauth/account');
    expect(browser.cookies.has('tk_session')).toBe(true);
    expect(browser.cookies.has('tk_pending')).toBe(false);
    expect(await (await browser.fetch(`${env.base}/oauth/account`)).text()).toContain('Authorised apps');

    // The same code again, even from another browser within its window, is refused; so is an older one.
    const other = await atCodeStep(user.email);
    for (const at of [stepStart, stepStart - STEP_MS]) {
      const again = await enterCode(other, codeAt(secret, at));
      expect(again.status).toBe(401);
      expect(await again.text()).toContain('This code was already used.');
    }
    // The last moment of the next step: the window's late edge.
    const next = await enterCode(other, codeAt(secret, stepStart + 2 * STEP_MS - 1));
    expect(next.status).toBe(303);
  });

  it('accepts a code sent by two browsers at once only once', async () => {
    const { user, secret, stepStart } = await withTwoFactor();
    const browsers = await Promise.all([1, 2, 3].map(() => atCodeStep(user.email)));
    const code = codeAt(secret, stepStart + STEP_MS);
    const answers = await Promise.all(browsers.map((b) => enterCode(b, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 401, 401]);
  });

  it('sends the web app back with a code after the code step; Cancel goes back to the sign-in form of the same request', async () => {
    const { user, secret, stepStart } = await withTwoFactor();
    const callback = 'http://127.0.0.1:5173/oauth/callback';
    const { client } = await registerClient(env, callback, 'Timekeep web app');
    const browser = new Browser();
    const { url } = await authorizationUrl(env, client, callback);
    let html = await (await browser.fetch(url.toString())).text();
    let res = await browser.post(`${env.base}/oauth/signin`, {
      ...formFields(html, '/oauth/signin'),
      email: user.email,
      password: PASSWORD,
    });
    expect(location(res).pathname).toBe('/oauth/signin/code');
    // The code's form may end up at the web app (CSP form-action follows the redirect).
    const codePage = await browser.fetch(`${env.base}/oauth/signin/code`);
    expect(codePage.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:5173;");

    res = await submit(browser, '/oauth/signin/code', '/oauth/signin/cancel');
    expect(res.status).toBe(200);
    html = await res.text();
    expect(html).toContain('to continue to <strong>Timekeep</strong>');
    expect(formFields(html, '/oauth/signin').client_id).toBe(client.client_id);
    expect((await browser.fetch(`${env.base}/oauth/signin/code`)).status).toBe(401);

    res = await browser.post(`${env.base}/oauth/signin`, { ...formFields(html, '/oauth/signin'), email: user.email, password: PASSWORD });
    res = await enterCode(browser, codeAt(secret, stepStart + STEP_MS));
    expect(res.status).toBe(303);
    const back = location(res);
    expect(back.origin + back.pathname).toBe(callback);
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('lets the code step expire after ten minutes', async () => {
    const { user, secret, stepStart } = await withTwoFactor();
    const browser = await atCodeStep(user.email);
    const form = formFields(await (await browser.fetch(`${env.base}/oauth/signin/code`)).text(), '/oauth/signin/code');
    env.clock.offsetMs += 11 * 60_000;
    const res = await browser.post(`${env.base}/oauth/signin/code`, { ...form, code: codeAt(secret, stepStart + 22 * STEP_MS) });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Your sign-in timed out. Sign in again.');
    expect(browser.cookies.has('tk_session')).toBe(false);
  });
});

describe('recovery codes', () => {
  it('each signs in once; new ones replace the old; turning off needs a fresh code', async () => {
    const { user, browser, secret, codes, stepStart } = await withTwoFactor();
    let b = await atCodeStep(user.email);
    expect((await enterCode(b, codes[0]!.toUpperCase().replace('-', ' '))).status).toBe(303);
    b = await atCodeStep(user.email);
    const again = await enterCode(b, codes[0]!);
    expect(again.status).toBe(401);
    expect((await enterCode(b, codes[1]!)).status).toBe(303);
    expect(await (await browser.fetch(`${env.base}/oauth/account`)).text()).toContain('You have 8 recovery codes left.');

    const fresh = await submit(browser, '/oauth/account', '/oauth/account/two-factor/recovery-codes');
    expect(fresh.status).toBe(200);
    const newCodes = codesOf(await fresh.text());
    expect(newCodes).toHaveLength(10);
    b = await atCodeStep(user.email);
    expect((await enterCode(b, codes[2]!)).status).toBe(401);
    expect((await enterCode(b, newCodes[0]!)).status).toBe(303);

    // Off: a reused code is refused, a fresh one turns it off; the password alone then signs in.
    expect((await enterCode(await atCodeStep(user.email), codeAt(secret, stepStart + STEP_MS))).status).toBe(303);
    const reused = await submit(browser, '/oauth/account', '/oauth/account/two-factor/off', { code: codeAt(secret, stepStart + STEP_MS) });
    expect(reused.status).toBe(401);
    expect(await reused.text()).toContain('This code was already used.');
    env.clock.offsetMs += STEP_MS;
    const off = await submit(browser, '/oauth/account', '/oauth/account/two-factor/off', { code: codeAt(secret, stepStart + 2 * STEP_MS) });
    expect(off.status).toBe(303);
    expect(await (await browser.fetch(location(off).toString())).text()).toContain('Two-factor sign-in is off.');
    expect(await env.t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toHaveLength(0);
    expect(location(await password(new Browser(), user.email)).pathname).toBe('/oauth/account');
  });
});

describe('throttling codes', () => {
  it('lets five wrong codes through per account, even sent at once, then answers 429 with Retry-After (a right code too)', async () => {
    const { user, secret, stepStart } = await withTwoFactor();
    const browsers = await Promise.all(Array.from({ length: 4 }, () => atCodeStep(user.email)));
    const pages = await Promise.all(browsers.map(async (b) => (await b.fetch(`${env.base}/oauth/signin/code`)).text()));
    const wrong = codeAt(secret, stepStart + 10 * STEP_MS);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        browsers[i % 4]!.post(`${env.base}/oauth/signin/code`, { ...formFields(pages[i % 4]!, '/oauth/signin/code'), code: wrong }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('Too many wrong codes for this account.');

    const right = await enterCode(browsers[0]!, codeAt(secret, stepStart + STEP_MS));
    expect(right.status).toBe(429);
    // Once the wait is over, the right code signs in.
    env.clock.offsetMs += 61_000;
    expect((await enterCode(browsers[0]!, codeAt(secret, stepStart + 3 * STEP_MS))).status).toBe(303);
  });
});

describe('the team requires two-factor', () => {
  it('is set by admins only, sends people without it to set it up at sign-in, and keeps it from being turned off', async () => {
    const stepStart = pinClock();
    const team = await env.t.team();
    const admin = await env.t.user(team.id, 'admin', { password: PASSWORD });
    const member = await env.t.user(team.id, 'member', { password: PASSWORD });
    expect((await env.t.call('GET', '/team/security', { as: admin })).body).toEqual({ requireTwoFactor: false });
    expect((await env.t.call('GET', '/team/security', { as: member })).status).toBe(403);
    expect((await env.t.call('PUT', '/team/security', { as: member, body: { requireTwoFactor: true } })).status).toBe(403);
    expect((await env.t.call('PUT', '/team/security', { as: admin, body: { requireTwoFactor: 'yes' } })).status).toBe(422);
    const put = await env.t.call('PUT', '/team/security', { as: admin, body: { requireTwoFactor: true } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ requireTwoFactor: true });
    expect((await env.t.call('GET', '/team/security', { as: admin })).body).toEqual({ requireTwoFactor: true });

    // Another team is not affected.
    const outsider = await userWithPassword(env);
    expect(location(await password(new Browser(), outsider.email)).pathname).toBe('/oauth/account');

    const callback = 'http://127.0.0.1:5173/oauth/callback';
    const { client } = await registerClient(env, callback, 'Timekeep web app');
    const browser = new Browser();
    const { url } = await authorizationUrl(env, client, callback);
    const signIn = await (await browser.fetch(url.toString())).text();
    let res = await browser.post(`${env.base}/oauth/signin`, {
      ...formFields(signIn, '/oauth/signin'),
      email: member.email,
      password: PASSWORD,
    });
    expect(location(res).pathname).toBe('/oauth/signin/setup');
    expect(browser.cookies.has('tk_session')).toBe(false);
    let html = await (await browser.fetch(`${env.base}/oauth/signin/setup`)).text();
    expect(html).toContain('Your team requires two-factor sign-in.');
    const secret = secretOf(html);
    // Reloading keeps the same secret (the app may have scanned it already).
    expect(secretOf(await (await browser.fetch(`${env.base}/oauth/signin/setup`)).text())).toBe(secret);

    res = await browser.post(`${env.base}/oauth/signin/setup`, { ...formFields(html, '/oauth/signin/setup'), code: '000000' });
    expect(res.status).toBe(401);
    res = await browser.post(`${env.base}/oauth/signin/setup`, {
      ...formFields(html, '/oauth/signin/setup'),
      code: codeAt(secret, stepStart),
    });
    expect(res.status).toBe(200);
    html = await res.text();
    expect(codesOf(html)).toHaveLength(10);
    expect(browser.cookies.has('tk_session')).toBe(true);
    // Continue: back to the web app with a code.
    res = await browser.post(`${env.base}/oauth/authorize`, { ...formFields(html, '/oauth/authorize'), decision: 'allow' });
    expect(res.status).toBe(303);
    expect(location(res).searchParams.get('code')).toBeTruthy();

    // Next time the code step; turning off is refused while the team requires it.
    const again = await atCodeStep(member.email);
    expect((await enterCode(again, codeAt(secret, stepStart + STEP_MS))).status).toBe(303);
    const account = await (await browser.fetch(`${env.base}/oauth/account`)).text();
    expect(account).toContain('Your team requires two-factor sign-in.');
    expect(account).not.toContain('action="/oauth/account/two-factor/off"');
    const csrf = formFields(account, '/oauth/account/two-factor/recovery-codes').csrf_token!;
    const off = await browser.post(`${env.base}/oauth/account/two-factor/off`, {
      csrf_token: csrf,
      code: codeAt(secret, stepStart + 2 * STEP_MS - 1),
    });
    expect(off.status).toBe(403);

    // Cancel during set-up goes back to the sign-in form.
    const admins = new Browser();
    expect(location(await password(admins, admin.email)).pathname).toBe('/oauth/signin/setup');
    const cancelled = await submit(admins, '/oauth/signin/setup', '/oauth/signin/cancel');
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain('action="/oauth/signin"');
    expect(admins.cookies.has('tk_session')).toBe(false);
  });
});
