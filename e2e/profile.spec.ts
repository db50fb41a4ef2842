import { screensFor } from '../src/app/screens.ts';
import { ADA, TEAM_NAME, adaKey, expect, expectNoAxeViolations, openApiKeyForm, signIn, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { startTcpProxy } from './tcp-proxy.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function expectProfile(page: Page) {
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: ADA.name })).toBeVisible();
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByRole('term')).toHaveText(['Name', 'Role', 'Team', 'Email', 'Timezone']);
  await expect(account.getByRole('definition')).toHaveText([ADA.name, 'Admin', TEAM_NAME, ADA.email, 'UTC']);
}

async function revealCopyAndSignOut(page: Page) {
  const key = adaKey();
  const panel = page.getByRole('region', { name: 'API key' });
  await expect(panel.getByText(key)).toHaveCount(0);
  await panel.getByRole('button', { name: 'Reveal' }).click();
  await expect(panel.getByText(key, { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Hide' }).click();
  await expect(panel.getByText(key)).toHaveCount(0);

  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  await page.getByRole('button', { name: ADA.name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Signed out for real: the profile sends us back to sign-in.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile$/);
}

test('sign in with the API key, see the profile, reveal and copy the key, sign out', async ({ page }) => {
  await page.goto('/sign-in?redirect=%2Fprofile');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);

  await signIn(page, adaKey());
  await expectProfile(page);
  // Every screen of the admin's in the sidebar, in the table's order; a label may carry its count (Approvals 2 waiting).
  const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('list');
  await expect(nav.getByRole('link')).toHaveText(screensFor('admin').map((s) => new RegExp(`^${s.label}`)));
  await expectNoAxeViolations(page);

  // A reload keeps the session.
  await page.reload();
  await expectProfile(page);

  await revealCopyAndSignOut(page);
});

test('a wrong key shows the server’s message and stays on sign-in', async ({ page }) => {
  await page.goto('/sign-in');
  await openApiKeyForm(page);
  await page.getByRole('button', { name: 'Sign in with the API key' }).click();
  await expect(page.getByText('Enter your API key.')).toBeVisible();

  await signIn(page, 'tk_this-is-not-a-real-key');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not sign in');
  await expect(alert).toContainText('Invalid API key');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expectNoAxeViolations(page);
});

test('a deep link while signed out comes back after sign-in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile$/);
  await signIn(page, adaKey());
  await expectProfile(page);
});

test('the user menu works by keyboard', async ({ page }) => {
  await page.goto('/sign-in?redirect=%2Fprofile');
  await signIn(page, adaKey());
  await expectProfile(page);
  const menuButton = page.getByRole('button', { name: ADA.name });
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('sign in, profile, reveal and copy, sign out', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await signIn(page, adaKey());
    await expectProfile(page);
    await expectNoAxeViolations(page);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await revealCopyAndSignOut(page);
  });
});

test.describe('when things go wrong', () => {
  test('another server: an outage shows the error with Retry, and Retry recovers', async ({ page }) => {
    const proxy = await startTcpProxy(process.env.E2E_API_URL!);
    try {
      await page.goto('/sign-in?redirect=%2Fprofile');
      await page.getByText('Other server').click();
      await page.getByLabel('Server address').fill('not a url');
      await signIn(page, adaKey());
      await expect(page.getByText('Enter a web address starting with http:// or https://.')).toBeVisible();
      await page.getByLabel('Server address').fill(`${proxy.url}/`);
      await page.getByRole('button', { name: 'Sign in with the API key' }).click();
      await expectProfile(page);

      await proxy.cut();
      await page.reload();
      const alert = page.getByRole('alert');
      await expect(alert.getByRole('heading', { name: 'Cannot reach the server' })).toBeVisible();
      await expect(alert).toContainText(`Could not reach the server at ${proxy.url}.`);
      await expectNoAxeViolations(page);

      await proxy.restore();
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expectProfile(page);

      // A server gone for good: the error page offers a way out, and the choice of server is remembered.
      await proxy.cut();
      await page.reload();
      await page.getByRole('alert').getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(page.getByText(`Connected to ${proxy.url}`)).toBeVisible();
      await expect(page.getByLabel('Server address')).toHaveValue(proxy.url);
    } finally {
      await proxy.cut();
    }
  });

  test('a key the server no longer accepts ends the session and returns after signing in again', async ({ page }) => {
    const sessionKey = 'timekeep.session';
    await page.goto('/sign-in?redirect=%2Fprofile');
    await signIn(page, adaKey());
    await expectProfile(page);
    const saved = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), sessionKey))!) as { baseUrl: string };
    await page.evaluate(
      ([k, v]) => localStorage.setItem(k!, v!),
      [sessionKey, JSON.stringify({ baseUrl: saved.baseUrl, credential: { kind: 'apiKey', apiKey: 'tk_revoked' } })],
    );
    await page.reload();
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile&expired=true$/);
    await expect(page.getByText('Your session ended. Sign in again to continue.')).toBeVisible();
    await signIn(page, adaKey());
    await expectProfile(page);
  });
});
