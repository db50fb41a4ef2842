import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { apiUrl } from './timesheet-helpers.ts';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver on 127.0.0.1 for webhooks (and an app's OAuth redirect): answers `status` (changeable while it
 * runs) and keeps what it got.
 */
export async function startReceiver() {
  const state = { status: 200, received: [] as Received[] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      state.received.push({ path: req.url ?? '/', headers: req.headers, body });
      res.writeHead(state.status, { 'Content-Type': 'text/plain' });
      res.end(state.status < 300 ? 'ok' : `receiver is down (${state.status})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A third-party app connecting to the user's account as such apps do: registers itself, sends the user to the
 * server's sign-in and consent pages in `page`, and exchanges the code for tokens.
 */
export async function connectThirdPartyApp(page: Page, user: { email: string; password: string }, redirectBase: string, name: string) {
  const redirectUri = `${redirectBase}/callback`;
  const reg = await fetch(`${apiUrl()}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
  });
  const { client_id: clientId } = (await reg.json()) as { client_id: string };
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(`${apiUrl()}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'e2e',
  }))
    authorize.searchParams.set(k, v);
  await page.goto(authorize.href);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Unverified app.')).toBeVisible();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await page.waitForURL((u) => u.href.startsWith(redirectUri));
  const code = new URL(page.url()).searchParams.get('code')!;
  const res = await fetch(`${apiUrl()}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: clientId }),
  });
  const tokens = (await res.json()) as { refresh_token: string };
  expect(tokens.refresh_token).toBeTruthy();
  return { clientId, refreshToken: tokens.refresh_token };
}

/** Uses a refresh token as its app would: the rotated token, or the token endpoint's error. */
export async function refresh(clientId: string, refreshToken: string): Promise<{ refreshToken?: string; error?: string }> {
  const res = await fetch(`${apiUrl()}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
  });
  const body = (await res.json()) as { refresh_token?: string; error?: string };
  return res.ok ? { refreshToken: body.refresh_token! } : { error: body.error! };
}

/** Signs in with an API key on the sign-in screen, straight onto `path`. */
export async function openWithKey(page: Page, key: string, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await page.getByRole('textbox', { name: 'API key' }).fill(key);
  await page.getByRole('button', { name: 'Sign in with the API key' }).click();
  await expect(page).toHaveURL((u) => u.pathname === path);
}
