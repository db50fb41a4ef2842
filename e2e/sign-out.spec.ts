import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, passwordMember, test, type PasswordMember } from './fixtures.ts';
import { signInAs } from './sign-in.ts';

/** Signing out of the web app signs out of the server's pages too; the server knows its own web app. */

const api = () => process.env.E2E_API_URL!;
const onServerPage = (page: Page, path: string) => expect(page).toHaveURL((u) => u.origin === api() && u.pathname === path);

/** Console errors and failed or refused requests to the API, from now on. */
function watchTrouble(page: Page) {
  const trouble: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') trouble.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => {
    // A read still in flight when the app leaves for the sign-in page is dropped on purpose: it changes nothing.
    // Writes and the OAuth calls (revoke, token) must finish.
    if (r.method() === 'GET' && !r.url().includes('/oauth/') && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    trouble.push(`failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (r.url().startsWith(`${api()}/oauth/`) && r.status() >= 400) trouble.push(`refused: ${r.request().method()} ${r.url()} ${r.status()}`);
  });
  return trouble;
}

async function signOut(page: Page, who: PasswordMember) {
  const revoked = page.waitForResponse((r) => r.url() === `${api()}/oauth/revoke`);
  await page.getByRole('button', { name: who.name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect((await revoked).status()).toBe(200);
}

test('signing out ends the server’s sign-in: the password is asked again, and nothing fails on the way', async ({ page }) => {
  const sam = passwordMember('signOut');
  await signInAs(page, sam);
  await expect(page.getByRole('button', { name: sam.name })).toBeVisible();
  const trouble = watchTrouble(page);
  const revocations: string[] = [];
  page.on('request', (r) => r.url() === `${api()}/oauth/revoke` && revocations.push(r.method()));

  await signOut(page, sam);
  await page.getByRole('button', { name: 'Sign in with Timekeep' }).click();
  await onServerPage(page, '/oauth/authorize');
  // The sign-out's revocation showed the server knows this app: signing in again sends no check of its own.
  expect(revocations).toEqual(['POST']);
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByText('to continue to Timekeep')).toBeVisible();
  expect(trouble).toEqual([]);

  // The password again, and no consent screen: the product's own app.
  await page.getByLabel('Email').fill(sam.email);
  await page.getByLabel('Password').fill(sam.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: sam.name })).toBeVisible();

  // The authorised-apps page: the web app once for this browser, named Timekeep, with its last use; the app's look and icon.
  await page.goto(`${api()}/oauth/account`);
  await expect(page.getByRole('heading', { name: 'Authorised apps' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revoke Timekeep' })).toHaveCount(1);
  await expect(page.getByText(/Timekeep web app on http:\/\/[^ ]+ · last used \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/)).toBeVisible();
  await expect(page.getByText(/Unverified/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The strict page policy lets no script fetch: the icon is fetched from outside the page.
  const look = await page.evaluate(() => ({
    icon: document.querySelector<HTMLLinkElement>('link[rel=icon]')!.href,
    accent: getComputedStyle(document.querySelector('.brand svg')!).color,
  }));
  const icon = await page.request.get(look.icon);
  expect(icon.headers()['content-type']).toBe('image/svg+xml');
  expect(look.accent).toBe('rgb(47, 111, 94)');
  expect(trouble).toEqual([]);
});

test('with “Keep me signed in”, signing out of the app keeps the server’s sign-in but asks “Continue as…?” with “Not you?”', async ({
  page,
}) => {
  const rita = passwordMember('remembered');
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in with Timekeep' }).click();
  await page.getByLabel('Email').fill(rita.email);
  await page.getByLabel('Password').fill(rita.password);
  await page.getByLabel(/Keep me signed in on this device/).check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: rita.name })).toBeVisible();

  await signOut(page, rita);
  await page.getByRole('button', { name: 'Sign in with Timekeep' }).click();
  await onServerPage(page, '/oauth/authorize');
  await expect(page.getByRole('heading', { name: 'Continue to Timekeep' })).toBeVisible();
  await expect(page.getByText(/Unverified/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Continue as ${rita.name}` }).click();
  await expect(page.getByRole('button', { name: rita.name })).toBeVisible();

  await signOut(page, rita);
  await page.getByRole('button', { name: 'Sign in with Timekeep' }).click();
  await page.getByRole('button', { name: /Not you\?/ }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
});
