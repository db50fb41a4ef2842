import { phoneBar, screensFor } from '../src/app/screens.ts';
import { adaKey, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';

/* The shell of the kit: the navigation of the screens that exist, the phone's bottom bar, titles, and the theme. */

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the bottom bar lists the screens, each page has its title, and the theme chosen in the menu is remembered', async ({ page }) => {
    await page.goto('/sign-in?redirect=%2Fprofile');
    await expect(page).toHaveTitle('Sign in · Timekeep');
    await signIn(page, adaKey());
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(1);
    // The bar holds the most used screens; the rest of the admin's screens (Profile among them) sit under More.
    const { bar, more } = phoneBar(screensFor('admin'));
    await expect(nav.getByRole('link')).toHaveText(bar.map((s) => s.label));
    expect(more.map((s) => s.label)).toContain('Profile');
    await expect(nav.getByRole('button', { name: 'More' })).toBeVisible();
    const box = await nav.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThanOrEqual(739);
    await expect(page).toHaveTitle('Profile · Timekeep');

    await nav.getByRole('link', { name: 'Timesheet' }).click();
    await expect(page).toHaveURL(/\/timesheet\?week=\d{4}$/);
    await expect(page).toHaveTitle(/^Week \d+, .* · Timekeep$/);
    await expect(nav.getByRole('link', { name: 'Timesheet' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'Ada Admin' }).click();
    const theme = page.getByRole('group', { name: 'Theme' });
    await expect(theme.getByRole('menuitemradio', { name: 'As the system' })).toHaveAttribute('aria-checked', 'true');
    await theme.getByRole('menuitemradio', { name: 'Dark', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).colorScheme)).toBe('dark');
    const weekHeading = page.getByRole('heading', { level: 1, name: /^Week \d+ / });
    await expect(weekHeading).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(weekHeading).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Ada Admin' }).click();
    await page.getByRole('group', { name: 'Theme' }).getByRole('menuitemradio', { name: 'As the system' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  });
});
