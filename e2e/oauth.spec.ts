import type { APIRequestContext, Page, Request } from '@playwright/test';
import { ADA, adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';

const api = () => process.env.E2E_API_URL!;
const ada = () => ({ email: ADA.email, password: ADA.password, apiKey: adaKey() });

interface SavedSession {
  baseUrl: string;
  credential: { kind: string; refreshToken?: string; clientId?: string; keyId?: string };
}

const savedSession = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('timekeep.session');
    return raw ? (JSON.parse(raw) as SavedSession) : null;
  });

/** The DPoP key pairs in IndexedDB, as what can be seen of them from script. */
const storedKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<{ extractable: boolean; algorithm: string; usages: string[] }>>((resolve, reject) => {
        const open = indexedDB.open('timekeep-auth');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('dpop-keys')) return resolve([]);
          const all = db.transaction('dpop-keys').objectStore('dpop-keys').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as CryptoKeyPair[]).map((p) => ({
                extractable: p.privateKey.extractable,
                algorithm: `${p.privateKey.algorithm.name}/${(p.privateKey.algorithm as EcKeyAlgorithm).namedCurve}`,
                usages: p.privateKey.usages,
              })),
            );
          all.onerror = () => reject(all.error);
        };
      }),
  );

/** What the token endpoint says about a refresh token presented without a DPoP proof. */
async function refreshTokenVerdict(request: APIRequestContext, refreshToken: string, clientId: string) {
  const res = await request.post(`${api()}/oauth/token`, {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId },
  });
  return ((await res.json()) as { error: string }).error;
}

/** Signed in, on whatever the home screen is: the shell shows the user's menu. */
async function expectSignedIn(page: Page) {
  await expect(page.getByRole('button', { name: ADA.name })).toBeVisible();
  await expect(page).not.toHaveURL(/\/(sign-in|oauth\/callback)/);
}

async function expectProfile(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: ADA.name })).toBeVisible();
  await expect(page).toHaveURL(/\/profile(\?|$)/);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: ADA.name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

test('first sign-in through the server’s pages (no consent for the product’s own app), DPoP on every call, reload, sign-out revokes and asks for the password again', async ({
  page,
  request,
}) => {
  const apiCalls: Request[] = [];
  const allUrls: string[] = [];
  page.on('request', (r) => {
    allUrls.push(r.url());
    if (r.url().startsWith(`${api()}/users/`)) apiCalls.push(r);
  });

  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in with Timekeep' }).click();

  // The server's own sign-in page, on the API's origin.
  await expect(page).toHaveURL((u) => u.origin === api() && u.pathname === '/oauth/authorize');
  await expect(page.getByText('to continue to Timekeep')).toBeVisible();
  await expect(page.getByText(/Unverified/)).toHaveCount(0);
  await page.getByLabel('Email').fill(ADA.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');
  await page.getByLabel('Password').fill(ADA.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // The product's own web app needs no consent: straight back after the password.
  await expectSignedIn(page);
  expect(page.url()).not.toContain('code=');

  // Signed in with a DPoP-bound token: the header scheme and a fresh proof on each API call.
  const me = apiCalls.find((r) => r.method() === 'GET' && r.url() === `${api()}/users/me`);
  expect(me, 'GET /users/me was sent').toBeTruthy();
  const headers = await me!.allHeaders();
  expect(headers.authorization).toMatch(/^DPoP [\w-]+\.[\w-]+\.[\w-]+$/);
  expect(headers.dpop).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(headers['x-api-key']).toBeUndefined();
  const accessToken = headers.authorization!.slice('DPoP '.length);

  // What is kept: a refresh token and the id of a key that cannot leave the browser; never the access token.
  const saved = await savedSession(page);
  expect(saved?.credential.kind).toBe('oauth');
  const { refreshToken, clientId } = saved!.credential as { refreshToken: string; clientId: string };
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(storage).not.toContain(accessToken);
  expect(await storedKeys(page)).toEqual([{ extractable: false, algorithm: 'ECDSA/P-256', usages: ['sign'] }]);

  // A reload stays signed in: the stored refresh token (rotated on use) gets a new access token.
  const tokenCalls: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url() === `${api()}/oauth/token`) tokenCalls.push(r.method());
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.reload();
  await expectSignedIn(page);
  expect(tokenCalls).toEqual(['POST']);
  // The refresh and the DPoP proofs come with the first screen's code: the OAuth library is not loaded for them.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((p) => p.includes('oauth-flow'))).toEqual([]);
  const rotated = (await savedSession(page))!.credential.refreshToken!;
  expect(rotated).not.toBe(refreshToken);
  // The retired refresh token is refused; the live one is refused only for lack of a DPoP proof of the key.
  expect(await refreshTokenVerdict(request, rotated, clientId)).toBe('invalid_dpop_proof');

  // Sign-out revokes at the server and forgets everything here.
  await signOut(page);
  expect(await refreshTokenVerdict(request, rotated, clientId)).toBe('invalid_grant');
  expect(await savedSession(page)).toBeNull();
  expect(await storedKeys(page)).toEqual([]);
  const stale = await request.get(`${api()}/users/me`, { headers: { Authorization: `DPoP ${accessToken}` } });
  expect(stale.status()).toBe(401);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile$/);

  // Signing in again: signing out of the app ended the server's sign-in too, so the password is asked again.
  await page.getByRole('button', { name: 'Sign in with Timekeep' }).click();
  await expect(page).toHaveURL((u) => u.origin === api() && u.pathname === '/oauth/authorize');
  await page.getByLabel('Email').fill(ADA.email);
  await page.getByLabel('Password').fill(ADA.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectProfile(page);
  // The same client as before: one entry for this browser on the authorised-apps page.
  expect((await savedSession(page))!.credential.clientId).toBe(clientId);

  // No token ever travelled in a URL.
  for (const u of allUrls) {
    expect(u).not.toContain(accessToken);
    expect(u).not.toContain(refreshToken);
    expect(u).not.toContain(rotated);
  }
});

test('a deep link survives the trip through the server’s pages', async ({ page }) => {
  await page.goto('/profile?from=deep-link');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile%3Ffrom%3Ddeep-link$/);
  await signInAs(page, ada());
  await expect(page).toHaveURL(/\/profile\?from=deep-link$/);
  await expectProfile(page);
});

test('a refused authorization comes back to the app signed out, with the reason', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in with Timekeep' }).click();
  await expect(page).toHaveURL((u) => u.origin === api() && u.pathname === '/oauth/authorize');
  // What the server sends back when access is not allowed (RFC 6749 §4.1.2.1), for this pending request.
  const request = new URL(page.url());
  const back = new URL(request.searchParams.get('redirect_uri')!);
  back.searchParams.set('error', 'access_denied');
  back.searchParams.set('state', request.searchParams.get('state')!);
  back.searchParams.set('iss', api());
  await page.goto(back.href);
  await expect(page).toHaveURL(/\/oauth\/callback$/);
  await expect(page.getByRole('alert')).toContainText('Access was not allowed, so you are not signed in.');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign in with Timekeep' })).toBeVisible();
  expect(await savedSession(page)).toBeNull();
});

test('a client id the server forgot is registered again', async ({ page }) => {
  await page.goto('/sign-in');
  await page.evaluate(
    ([issuer, origin]) =>
      localStorage.setItem(
        'timekeep.oauth.clients',
        JSON.stringify({ [issuer!]: { clientId: 'tkc_forgotten-by-the-server', redirectUri: `${origin}/oauth/callback` } }),
      ),
    [api(), new URL(page.url()).origin],
  );
  await signInAs(page, ada());
  await expectSignedIn(page);
  const clientId = (await savedSession(page))!.credential.clientId;
  expect(clientId).toMatch(/^tkc_/);
  expect(clientId).not.toBe('tkc_forgotten-by-the-server');
});

test('a grant revoked elsewhere ends the session on the next load, and signing in again returns', async ({ page, request }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile$/);
  await signInAs(page, ada());
  await expectProfile(page);
  const { refreshToken, clientId } = (await savedSession(page))!.credential as { refreshToken: string; clientId: string };
  const revoked = await request.post(`${api()}/oauth/revoke`, { form: { token: refreshToken, client_id: clientId } });
  expect(revoked.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile&expired=true$/);
  await expect(page.getByText('Your session ended. Sign in again to continue.')).toBeVisible();
  await signInAs(page, ada());
  await expectProfile(page);
});

test('an API key still signs in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await expect(page.getByLabel('API key')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in with the API key' }).click();
  await expect(page.getByText('Enter your API key.')).toBeVisible();
  await page.getByLabel('API key').fill(adaKey());
  await page.getByRole('button', { name: 'Sign in with the API key' }).click();
  await expectSignedIn(page);
  expect((await savedSession(page))!.credential.kind).toBe('apiKey');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the sign-in screen fits and passes axe', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in with Timekeep' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
