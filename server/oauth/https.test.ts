import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/harness.ts';
import { Browser, formFields, PASSWORD } from '../test/oauth-support.ts';

/** In-process checks of what depends on the deployment: https cookies, and rate limits per user for tokens. */
const BASE = 'https://auth.example';
let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ config: { publicUrl: BASE }, rateLimitPoints: 4 });
});

async function tokensFor(browser: Browser, email: string) {
  const reg = await t.app.request(`${BASE}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Phone App', redirect_uris: ['https://phone.example/cb'] }),
  });
  const clientId = ((await reg.json()) as { client_id: string }).client_id;
  const verifier = oauth.generateRandomCodeVerifier();
  const qs = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: 'https://phone.example/cb',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  let res = await browser.fetch(`${BASE}/oauth/authorize?${qs.toString()}`);
  let html = await res.text();
  if (html.includes('action="/oauth/signin"')) {
    res = await browser.post(`${BASE}/oauth/signin`, { ...formFields(html, '/oauth/signin'), email, password: PASSWORD, remember: '1' });
    expect(res.status).toBe(303);
    html = await (await browser.fetch(new URL(res.headers.get('location')!, BASE).toString())).text();
  }
  res = await browser.post(`${BASE}/oauth/authorize`, { ...formFields(html, '/oauth/authorize'), decision: 'allow' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const token = await t.app.request(`${BASE}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: 'https://phone.example/cb',
      code_verifier: verifier,
    }).toString(),
  });
  expect(token.status).toBe(200);
  return (await token.json()) as { access_token: string };
}

describe('over https', () => {
  it('uses __Host- cookies that are Secure, HttpOnly and SameSite=Lax; remembered sign-in persists', async () => {
    const team = await t.team();
    const user = await t.user(team.id, 'member', { password: PASSWORD });
    const browser = new Browser((url, init) => Promise.resolve(t.app.request(url, init)));
    await tokensFor(browser, user.email);
    const csrf = browser.setCookies.find((c) => c.startsWith('__Host-tk_csrf='))!;
    const session = browser.setCookies.find((c) => c.startsWith('__Host-tk_session='))!;
    for (const cookie of [csrf, session]) {
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\//i);
    }
    expect(session).toMatch(/Max-Age=2592000/);
  });

  it('counts the rate limit per user for tokens, whichever token is used', async () => {
    const team = await t.team();
    const user = await t.user(team.id, 'member', { password: PASSWORD });
    const browser = new Browser((url, init) => Promise.resolve(t.app.request(url, init)));
    const a = await tokensFor(browser, user.email);
    const b = await tokensFor(browser, user.email);
    const me = (token: string) => t.app.request(`${BASE}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    const statuses = [];
    for (const token of [a, b, a, b, a]) statuses.push((await me(token.access_token)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // The user's API key is a separate credential with its own budget.
    expect((await t.call('GET', '/users/me', { as: user })).status).toBe(200);
  });
});
