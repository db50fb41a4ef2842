import { adaKey, expect, test } from './fixtures.ts';
import { call, inviteAndAccept } from './timesheet-helpers.ts';

/* The app speaks the browser's language on a first visit, and the one chosen on Profile from then on. */

test.use({ locale: 'de-DE' });

for (const width of [1360, 375] as const) {
  test(`German from the browser, then Arabic from Profile, right to left (${width} px)`, async ({ page }) => {
    const phone = width === 375;
    await page.setViewportSize({ width, height: phone ? 740 : 860 });
    const email = `sprache-${width}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
    const member = await inviteAndAccept<{ id: number; apiKey: string }>(adaKey(), { name: 'Lena Lang', email, role: 'member' });

    await page.goto('/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await page.getByRole('button', { name: 'Stattdessen API-Schlüssel verwenden' }).click();
    await page.getByLabel('API-Schlüssel').fill(member.apiKey);
    await page.getByRole('button', { name: 'Mit API-Schlüssel anmelden' }).click();

    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: /^Stunden\u00ad?zettel$/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Stempel\u00ad?karten$/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.screenshot({ path: `/tmp/i18n-shots/de-${width}.png` });

    if (phone) {
      await nav.getByRole('button', { name: 'Mehr' }).click();
      await nav.getByRole('link', { name: 'Profil' }).click();
    } else await nav.getByRole('link', { name: 'Profil' }).click();
    const language = page.getByRole('combobox', { name: 'Sprache' });
    await expect(language).toHaveValue('de');
    await language.selectOption('ar');

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const arabicNav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    await expect(arabicNav.getByRole('link', { name: 'سجل الساعات' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
    await page.screenshot({ path: `/tmp/i18n-shots/ar-profile-${width}.png`, fullPage: true });
    // Kept on the server for this user.
    expect((await call<{ locale?: string }>('GET', '/users/me', member.apiKey)).locale).toBe('ar');

    await arabicNav.getByRole('link', { name: 'سجل الساعات' }).click();
    await expect(page).toHaveURL(/\/timesheet/);
    await page.screenshot({ path: `/tmp/i18n-shots/ar-${width}.png` });
  });
}
