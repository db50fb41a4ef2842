import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { Browser, formFields, obtainTokens, PASSWORD, registerClient, useTestServer, userWithPassword, type Env } from '../test/oauth-support.ts';
import type { TestUser } from '../test/harness.ts';

// Sign-ins and two-factor changes on the server's pages land in the team's audit log, with the client address.

let env: Env;
useTestServer((e) => (env = e));

const codeAt = (secret: string, ms: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: ms });

async function signIn(browser: Browser, email: string, password: string, headers: Record<string, string> = {}) {
  const html = await (await browser.fetch(`${env.base}/oauth/account`)).text();
  return browser.fetch(`${env.base}/oauth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ ...formFields(html, '/oauth/signin'), email, password }).toString(),
  });
}

async function submit(browser: Browser, page: string, action: string, fields: Record<string, string> = {}) {
  const html = await (await browser.fetch(`${env.base}${page}`)).text();
  return browser.post(`${env.base}${action}`, { ...formFields(html, action), ...fields });
}

const entries = async (admin: TestUser) => {
  const res = await env.t.call('GET', '/audit-log?limit=200', { as: admin });
  expect(res.status).toBe(200);
  return res.body.items as { kind: string; actor: { id: number | null; name: string }; subject: { id: string }; after: unknown; address: string }[];
};

describe('sign-in entries', () => {
  it('records failed and successful sign-ins with the socket peer’s address (no proxy trusted)', async () => {
    const admin = await userWithPassword(env, 'admin');
    const browser = new Browser();
    expect((await signIn(browser, admin.email, 'wrong password', { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(401);
    expect((await signIn(browser, admin.email, PASSWORD)).status).toBe(303);
    const [ok, failed] = await entries(admin);
    expect(failed).toMatchObject({
      kind: 'signin.failed',
      actor: { id: null, name: `Failed sign-in as ${admin.email}` },
      subject: { id: String(admin.id) },
      after: { step: 'password' },
      address: '127.0.0.1',
    });
    expect(ok).toMatchObject({ kind: 'signin.succeeded', actor: { id: admin.id }, subject: { id: String(admin.id) }, address: '127.0.0.1' });
  });

  it('records two-factor turned on, new recovery codes, a wrong code and turning it off', async () => {
    const stepStart = (Math.floor(Date.now() / 30_000) + 10 + Math.floor(Math.random() * 1000)) * 30_000;
    env.clock.offsetMs = stepStart + 2000 - Date.now();
    const admin = await userWithPassword(env, 'admin');
    const browser = new Browser();
    expect((await signIn(browser, admin.email, PASSWORD)).status).toBe(303);
    expect((await submit(browser, '/oauth/account', '/oauth/account/two-factor/setup')).status).toBe(303);
    const html = await (await browser.fetch(`${env.base}/oauth/account`)).text();
    const secret = /id="two-factor-secret">([A-Z2-7 ]+)</.exec(html)![1]!.replace(/ /g, '');
    const on = await browser.post(`${env.base}/oauth/account/two-factor/on`, {
      ...formFields(html, '/oauth/account/two-factor/on'),
      code: codeAt(secret, stepStart),
    });
    expect(on.status).toBe(200);
    expect((await submit(browser, '/oauth/account', '/oauth/account/two-factor/recovery-codes')).status).toBe(200);
    // A second browser: the password, then a wrong code.
    const other = new Browser();
    expect((await signIn(other, admin.email, PASSWORD)).status).toBe(303);
    expect((await submit(other, '/oauth/signin/code', '/oauth/signin/code', { code: '000000' })).status).toBe(401);
    expect(
      (await submit(browser, '/oauth/account', '/oauth/account/two-factor/off', { code: codeAt(secret, stepStart + 30_000) })).status,
    ).toBe(303);
    const kinds = (await entries(admin)).map((e) => [e.kind, e.actor.id]);
    expect(kinds).toEqual([
      ['two_factor.disabled', admin.id],
      ['signin.failed', null],
      ['two_factor.recovery_codes_renewed', admin.id],
      ['two_factor.enabled', admin.id],
      ['signin.succeeded', admin.id],
    ]);
    env.clock.offsetMs = 0;
  });
});

describe('changes made through OAuth', () => {
  const rotateKey = (token: string) =>
    fetch(`${env.base}/users/me/api-key`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });

  it('name the app that acted, and not the product’s own web app (the person acted there themselves)', async () => {
    const admin = await userWithPassword(env, 'admin');
    const app = await registerClient(env, 'http://127.0.0.1:9/callback', 'Invoice Robot');
    const viaApp = await obtainTokens(env, { user: admin, client: app });
    expect((await rotateKey(viaApp.tokens.access_token)).status).toBe(200);
    const web = await registerClient(env, 'http://127.0.0.1:5173/oauth/callback', 'Anything');
    expect(web.client.client_id).toMatch(/^tkc_web_/);
    const viaWeb = await obtainTokens(env, { user: admin, client: web, browser: viaApp.browser });
    const rotated = await rotateKey(viaWeb.tokens.access_token);
    expect(rotated.status).toBe(200);
    const now = { ...admin, key: ((await rotated.json()) as { apiKey: string }).apiKey };
    const name = ((await env.t.call('GET', '/users/me', { as: now })).body as { name: string }).name;
    const [fromWeb, fromApp] = (await entries(now)).filter((e) => e.kind === 'api_key.rotated');
    expect(fromApp!.actor).toEqual({ id: admin.id, name: `${name} (app Invoice Robot)` });
    expect(fromWeb!.actor).toEqual({ id: admin.id, name });
  });
});
