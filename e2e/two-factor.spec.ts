import crypto from 'node:crypto';
import { type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, openScreen, signIn, test, twoFactorAdminKey } from './fixtures.ts';
import { apiUrl, call, INVITED_PASSWORD, inviteAndAccept } from './timesheet-helpers.ts';

/**
 * Two-factor sign-in, in a team of its own (its requirement reaches nobody else): a member turns it on on the
 * server's account page and signs in to the web app with a code; an admin requires it and a member is sent to set it up.
 */

/** The code an authenticator app shows for `secret` at `ms` (now by default). */
const codeAt = (secret: string, ms = Date.now()) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: ms,
  });

async function newMember(label: string) {
  const email = `${label}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  await inviteAndAccept(twoFactorAdminKey(), { name: `Tess ${label}`, email, role: 'member' });
  return email;
}

/** Email and password on the server's sign-in page. */
async function password(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(INVITED_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Back in the web app, signed in. */
async function expectInApp(page: Page) {
  const web = new URL(process.env.E2E_WEB_URL!).origin;
  await page.waitForURL((u) => u.origin === web && !u.pathname.startsWith('/oauth/') && !u.pathname.startsWith('/sign-in'));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

test.beforeEach(async () => {
  // Each journey starts with two-factor optional in its team.
  await call('PUT', '/team/security', twoFactorAdminKey(), { requireTwoFactor: false });
});

test('a member turns on two-factor on the account page and signs in to the web app with a code', async ({ page }) => {
  const email = await newMember('optin');
  await page.goto(`${apiUrl()}/oauth/account`);
  await password(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code for setting up two-factor sign-in' })).toBeVisible();
  const secret = (await page.locator('#two-factor-secret').textContent()) ?? '';
  await page.getByLabel('Code from the app').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();

  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download as a text file' }).click();
  expect((await downloading).suggestedFilename()).toBe('timekeep-recovery-codes.txt');
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await expect(page.getByText('You have 10 recovery codes left.')).toBeVisible();

  // Signing in to the web app now asks for a code after the password.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in with Timekeep' }).click();
  await password(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // The next step's code: the one that turned it on was used.
  await page.getByLabel('Code').fill(codeAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectInApp(page);
});

test('an admin requires two-factor for the team and a member is sent to set it up at sign-in', async ({ page, browser }) => {
  const email = await newMember('required');
  await page.goto('/sign-in');
  await signIn(page, twoFactorAdminKey());
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await openScreen(page, 'Team');
  const require = page.getByRole('switch', { name: 'Require two-factor sign-in for everyone' });
  await expect(require).toHaveAttribute('aria-checked', 'false');
  await expect(require).toBeEnabled();
  await require.click();
  await expect(require).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Two-factor sign-in is required', { exact: false }).first()).toBeVisible();
  expect(await call('GET', '/team/security', twoFactorAdminKey())).toEqual({ requireTwoFactor: true });

  const member = await browser.newContext({ baseURL: process.env.E2E_WEB_URL });
  try {
    const memberPage = await member.newPage();
    await memberPage.goto('/sign-in');
    await memberPage.getByRole('button', { name: 'Sign in with Timekeep' }).click();
    await password(memberPage, email);
    await expect(memberPage.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await expect(memberPage.getByText('Your team requires two-factor sign-in.')).toBeVisible();
    const secret = (await memberPage.locator('#two-factor-secret').textContent()) ?? '';
    await memberPage.getByLabel('Code from the app').fill(codeAt(secret));
    await memberPage.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(memberPage.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await memberPage.getByRole('button', { name: 'Continue to Timekeep' }).click();
    await expectInApp(memberPage);
  } finally {
    await member.close();
  }
});
