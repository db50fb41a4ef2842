import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizationUrl,
  Browser,
  forgetThrottling,
  formFields,
  insecure,
  obtainTokens,
  PASSWORD,
  registerClient,
  startServer,
  userWithPassword,
  type Env,
} from '../test/oauth-support.ts';
import { oauthClients } from '../db/schema/index.ts';

/** The product's own web app (its callback on a WEB_ORIGINS origin) and ending the sign-in session on sign-out. */

let env: Env;
const WEB_CALLBACK = 'http://127.0.0.1:5173/oauth/callback';

beforeAll(async () => {
  env = await startServer();
});
beforeEach(() => forgetThrottling(env));

const webApp = () => registerClient(env, WEB_CALLBACK, 'Timekeep web app');

/** The app signing out: RFC 7009 revocation of its refresh token. */
async function appSignsOut(client: oauth.Client, refreshToken: string) {
  const res = await oauth.revocationRequest(env.as, client, oauth.None(), refreshToken, {
    additionalParameters: { token_type_hint: 'refresh_token' },
    ...insecure,
  });
  await oauth.processRevocationResponse(res);
}

/** Opens the authorization URL in `browser` and answers what it shows. */
async function authorizePage(browser: Browser, client: oauth.Client, redirectUri = WEB_CALLBACK) {
  const { url } = await authorizationUrl(env, client, redirectUri);
  const res = await browser.fetch(url.toString());
  return { res, html: res.status === 200 ? await res.text() : '' };
}

/** Signs in on the sign-in page with "Keep me signed in" ticked or not; answers the redirect. */
async function signIn(browser: Browser, html: string, email: string, remember: boolean) {
  return browser.post(`${env.base}/oauth/signin`, {
    ...formFields(html, '/oauth/signin'),
    email,
    password: PASSWORD,
    ...(remember ? { remember: '1' } : {}),
  });
}

describe('the web app is first-party', () => {
  it('is named Timekeep, skips consent and goes straight back after the password; pages carry the brand and a favicon', async () => {
    const user = await userWithPassword(env);
    const { client } = await webApp();
    const browser = new Browser();
    const { html } = await authorizePage(browser, client);
    expect(html).toContain('to continue to <strong>Timekeep</strong>');
    expect(html).toContain('<link rel="icon" href="/oauth/favicon.svg" type="image/svg+xml">');
    expect(html).not.toContain('Unverified');
    const back = await signIn(browser, html, user.email, false);
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(WEB_CALLBACK);
    expect(location.searchParams.get('code')).toBeTruthy();

    const icon = await fetch(`${env.base}/oauth/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toContain('<svg');
  });

  it('lists one entry per browser, named Timekeep with its last use, however many times it signs in', async () => {
    const user = await userWithPassword(env);
    const client = await webApp();
    const browser = new Browser();
    for (let i = 0; i < 2; i++) {
      const { tokens } = await obtainTokens(env, { user, browser, client });
      await appSignsOut(client.client, tokens.refresh_token!);
    }
    // Signed out of the app: the account page asks for the password again, then lists the app once.
    let page = await (await browser.fetch(`${env.base}/oauth/account`)).text();
    expect(page).toContain('action="/oauth/signin"');
    await signIn(browser, page, user.email, false);
    page = await (await browser.fetch(`${env.base}/oauth/account`)).text();
    expect(page.match(/<strong>Timekeep<\/strong>/g)).toHaveLength(1);
    expect(page).toMatch(/Timekeep web app on http:\/\/127\.0\.0\.1:5173 · last used \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(page).not.toContain('Unverified');
  });

  it('is one client for every browser: registrations from one address past the per-address limit all answer it, and it is listed once', async () => {
    const user = await userWithPassword(env);
    const registrations = await Promise.all(Array.from({ length: 30 }, () => webApp()));
    const ids = new Set(registrations.map((r) => r.client.client_id));
    expect(ids.size).toBe(1);
    expect(registrations[0]!.client.client_name).toBe('Timekeep');
    // A browser that registered before there was one client for the web app is folded into the same entry.
    const [legacy] = await env.t.db
      .insert(oauthClients)
      .values({ id: `tkc_legacy_${crypto.randomBytes(4).toString('hex')}`, name: 'Timekeep web app', redirectUris: [WEB_CALLBACK] })
      .returning();
    const browsers = [new Browser(), new Browser(), new Browser()];
    const signedIn = [];
    for (const [i, browser] of browsers.entries()) {
      const client = i === 2 ? { client: { client_id: legacy!.id }, redirectUri: WEB_CALLBACK } : registrations[i]!;
      signedIn.push(await obtainTokens(env, { user, browser, client }));
    }
    const apps = await env.t.call('GET', '/users/me/apps', { as: user });
    expect(apps.status).toBe(200);
    expect(apps.body.filter((a: { name: string }) => a.name === 'Timekeep')).toHaveLength(1);
    const page = await (await browsers[0]!.fetch(`${env.base}/oauth/account`)).text();
    expect(page.match(/<strong>Timekeep<\/strong>/g)).toHaveLength(1);
    // Taking it back there ends every browser's sign-in, the legacy client's too.
    const revoked = await env.t.call('DELETE', `/users/me/apps/${apps.body[0].clientId}`, { as: user });
    expect(revoked.status).toBe(204);
    for (const { tokens, client } of signedIn) {
      const refresh = await oauth.refreshTokenGrantRequest(env.as, client, oauth.None(), tokens.refresh_token!, insecure);
      expect(refresh.status).toBe(400);
    }
  });

  it('still limits third-party registrations per address, counting parallel ones before they are made', async () => {
    await forgetThrottling(env);
    const statuses = await Promise.all(
      Array.from(
        { length: 60 },
        async (_, i) =>
          await registerClient(env, 'https://ledger.example/cb', `App ${i}`).then(
            () => 201,
            () => 429,
          ),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    const refused = await fetch(env.as.registration_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['https://ledger.example/cb'] }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error_description: string }).error_description).toMatch(/try again in (a minute|\d+ minutes)$/);
  });

  it('still asks third-party apps for consent with the warning, also when their callback shares a web origin', async () => {
    const user = await userWithPassword(env);
    for (const uris of [['https://ledger.example/cb'], [WEB_CALLBACK, 'https://ledger.example/cb']]) {
      const res = await oauth.dynamicClientRegistrationRequest(
        env.as,
        { redirect_uris: uris, client_name: 'Timekeep', token_endpoint_auth_method: 'none' },
        insecure,
      );
      const client = await oauth.processDynamicClientRegistrationResponse(res);
      const browser = new Browser();
      const { html } = await authorizePage(browser, client, uris.at(-1)!);
      const signedIn = await signIn(browser, html, user.email, false);
      const consent = await (await browser.fetch(new URL(signedIn.headers.get('location')!, env.base).toString())).text();
      expect(consent).toContain('Unverified app.');
      expect(consent).toContain('action="/oauth/authorize"');
    }
  });
});

describe('signing out of the app', () => {
  it('ends the sign-in session: the next sign-in asks for the password', async () => {
    const user = await userWithPassword(env);
    const client = await webApp();
    const browser = new Browser();
    const { tokens } = await obtainTokens(env, { user, browser, client });
    // Before: a new sign-in from this browser would not ask for the password.
    expect((await authorizePage(browser, client.client)).html).not.toContain('action="/oauth/signin"');
    await appSignsOut(client.client, tokens.refresh_token!);
    expect((await authorizePage(browser, client.client)).html).toContain('action="/oauth/signin"');
  });

  it('keeps a remembered sign-in, and then asks "Continue as…?" with "Not you?" instead of signing in silently', async () => {
    const user = await userWithPassword(env);
    const { client } = await webApp();
    const browser = new Browser();
    const first = await authorizePage(browser, client);
    const back = await signIn(browser, first.html, user.email, true);
    expect(back.status).toBe(303);

    const again = await authorizePage(browser, client);
    expect(again.res.status).toBe(200);
    expect(again.html).toContain('Continue as ');
    expect(again.html).toContain('Not you?');
    expect(again.html).not.toContain('Unverified');
    const cont = await browser.post(`${env.base}/oauth/authorize`, { ...formFields(again.html, '/oauth/authorize'), decision: 'allow' });
    expect(cont.status).toBe(303);
    expect(new URL(cont.headers.get('location')!).searchParams.get('code')).toBeTruthy();

    // "Not you?" ends it and shows the sign-in form for the same request.
    const notMe = await browser.post(`${env.base}/oauth/signout`, formFields(again.html, '/oauth/signout'));
    expect(await notMe.text()).toContain('action="/oauth/signin"');
    expect((await authorizePage(browser, client)).html).toContain('action="/oauth/signin"');
  });

  it('only ends the session the grant came from, and only when its own app revokes it', async () => {
    const user = await userWithPassword(env);
    const client = await webApp();
    const [here, there] = [new Browser(), new Browser()];
    const { tokens } = await obtainTokens(env, { user, browser: here, client });
    await obtainTokens(env, { user, browser: there, client });
    // Another app presenting the token revokes nothing, and ends no session.
    const other = await registerClient(env);
    await appSignsOut(other.client, tokens.refresh_token!);
    expect((await authorizePage(here, client.client)).html).not.toContain('action="/oauth/signin"');
    await appSignsOut(client.client, tokens.refresh_token!);
    expect((await authorizePage(here, client.client)).html).toContain('action="/oauth/signin"');
    expect((await authorizePage(there, client.client)).html).not.toContain('action="/oauth/signin"');
  });

  it('a third-party app signing out ends a session that was not remembered too', async () => {
    const user = await userWithPassword(env);
    const browser = new Browser();
    const third = await registerClient(env, 'https://ledger.example/cb', 'Ledger Bot');
    const { tokens } = await obtainTokens(env, { user, browser, client: third });
    await appSignsOut(third.client, tokens.refresh_token!);
    expect((await authorizePage(browser, third.client, third.redirectUri)).html).toContain('action="/oauth/signin"');
  });
});
