import { expect, type Page } from '@playwright/test';

export interface E2EUser {
  email: string;
  password: string;
  /** Kept for specs that call the API as this user; the browser signs in with OAuth. */
  apiKey: string;
}

/**
 * Signs `user` in the way people do: "Sign in with Timekeep" on the app, email and password on the
 * server's own page, Allow on a consent screen if one shows (the product's own app gets none). Starts from the sign-in
 * screen the page is on (keeping its deep link), or opens it; resolves once the app shows a signed-in page.
 */
export async function signInAs(page: Page, user: E2EUser): Promise<void> {
  // The server's remembered sign-in would otherwise answer for whoever signed in last in this browser.
  await page.context().clearCookies({ name: 'tk_session' });
  const onSignIn = (u: URL) => u.pathname === '/sign-in';
  if (!page.url().startsWith('http')) await page.goto('/sign-in');
  // A guarded page sends a signed-out visitor to sign-in (keeping the deep link) once the app has loaded.
  else await page.waitForURL(onSignIn, { timeout: 5_000 }).catch(() => page.goto('/sign-in'));
  const appOrigin = new URL(page.url()).origin;

  await page.getByRole('button', { name: 'Sign in with Timekeep' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  const allow = page.getByRole('button', { name: 'Allow', exact: true });
  const backInApp = (u: URL) => u.origin === appOrigin && !u.pathname.startsWith('/oauth/') && !u.pathname.startsWith('/sign-in');
  await expect
    .poll(async () => (backInApp(new URL(page.url())) ? 'app' : (await allow.isVisible()) ? 'consent' : 'waiting'), { timeout: 15_000 })
    .not.toBe('waiting');
  if (!backInApp(new URL(page.url()))) await allow.click();
  await page.waitForURL(backInApp, { timeout: 15_000 });
}
