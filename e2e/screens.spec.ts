import { adaKey, ADA, expect, signIn, test } from './fixtures.ts';
import { startTcpProxy } from './tcp-proxy.ts';

/** Screenshots for design review (`SCREENSHOTS=1 npx playwright test screens`), written to .tmp/screens/. */
test.skip(!process.env.SCREENSHOTS, 'Set SCREENSHOTS=1 to take design screenshots');

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } } as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(sizes)) {
    test.describe(`${size} ${scheme}`, () => {
      test.use({ viewport, colorScheme: scheme, permissions: ['clipboard-read', 'clipboard-write'] });

      test('sign-in and profile', async ({ page }) => {
        const shot = (name: string) => page.screenshot({ path: `.tmp/screens/${name}-${size}-${scheme}.png`, fullPage: true });
        await page.goto('/sign-in?redirect=%2Fprofile');
        await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
        await shot('sign-in');
        await page.getByText('Other server').click();
        await signIn(page, 'tk_wrong');
        await expect(page.getByRole('alert')).toContainText('Invalid API key');
        await shot('sign-in-error');
        await page.getByLabel('API key').fill(adaKey());
        await page.getByRole('button', { name: 'Sign in with the API key' }).click();
        await expect(page.getByRole('heading', { level: 1, name: ADA.name })).toBeVisible();
        await shot('profile');
        await page.getByRole('button', { name: 'Reveal' }).click();
        await page.getByRole('button', { name: 'Copy' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
        await page.getByRole('button', { name: ADA.name }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await shot('profile-revealed-menu');
      });

      test('loading and offline', async ({ page }) => {
        const shot = (name: string) => page.screenshot({ path: `.tmp/screens/${name}-${size}-${scheme}.png` });
        const proxy = await startTcpProxy(process.env.E2E_API_URL!);
        try {
          await page.goto('/sign-in?redirect=%2Fprofile');
          await page.getByText('Other server').click();
          await page.getByLabel('Server address').fill(proxy.url);
          await signIn(page, adaKey());
          await expect(page.getByRole('heading', { level: 1, name: ADA.name })).toBeVisible();
          proxy.setDelay(4000);
          await proxy.cut();
          await proxy.restore();
          await page.reload();
          await expect(page.getByRole('status').filter({ hasText: 'Loading Timekeep' })).toBeAttached();
          await shot('loading');
          await expect(page.getByRole('heading', { level: 1, name: ADA.name })).toBeVisible();
          await proxy.cut();
          await page.reload();
          await expect(page.getByRole('heading', { name: 'Cannot reach the server' })).toBeVisible();
          await shot('offline');
        } finally {
          await proxy.cut();
        }
      });
    });
  }
}
