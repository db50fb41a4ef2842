import { phoneBar, screensFor } from '../src/app/screens.ts';
import type { Role } from '../contract/users.ts';
import { adaKey, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';
import { timesheetId } from '../contract/timesheet-ids.ts';
import { call, inviteAndAccept, seedWorld, signInWithKey } from './timesheet-helpers.ts';

/* The shell of the kit: the navigation of the screens that exist, the phone's bottom bar, titles, and the theme. */

test.describe('on a phone', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the bottom bar lists the screens, each page has its title, and the theme chosen in the menu is remembered', async ({ page }) => {
    await page.goto('/sign-in?redirect=%2Fprofile');
    await expect(page).toHaveTitle('Sign in · Timekeep');
    await signIn(page, adaKey());
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(1);
    // The bar holds the most used screens; the rest of the admin's screens (Profile among them) sit under More.
    const { bar, more } = phoneBar(screensFor('admin'));
    await expect(nav.getByRole('link')).toHaveText(bar.map((s) => s.label.message));
    expect(more.map((s) => s.label.message)).toContain('Profile');
    await expect(nav.getByRole('button', { name: 'More' })).toBeVisible();
    const box = await nav.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThanOrEqual(739);
    // The header stays one line with Clock in, the timer and the avatar; the bar's labels do not touch.
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: /^Clock in/ })).toBeVisible();
    await expect(header.getByRole('button', { name: /Start timer/ })).toBeVisible();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    for (const link of await nav.getByRole('link').all())
      expect(await link.evaluate((a) => a.scrollWidth - a.clientWidth), await link.innerText()).toBeLessThanOrEqual(0);
    await expect(page).toHaveTitle('Profile · Timekeep');
    await page.screenshot({ path: '.tmp/screens/nav-375.png' });
    // A lazy screen brings its own style sheets, loaded before it draws.
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((l) => ({ href: l.href, loaded: l.sheet !== null })),
    );
    expect(sheets.filter((s) => /\/profile-[\w-]+\.css$/.test(s.href))).toEqual([expect.objectContaining({ loaded: true })]);

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

const roleNames = { admin: 'an admin', supervisor: 'a supervisor', member: 'a member', member_limited: 'a limited member' } as const;

/** A person of `role` made through the API, with the key they sign in with. */
async function personWith(role: Role) {
  if (role === 'admin') return adaKey();
  const n = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const made = await inviteAndAccept(adaKey(), { name: `Nora ${role} ${n}`, email: `nora-${n}@example.test`, role });
  return made.apiKey;
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('on a laptop', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const role of ['admin', 'supervisor', 'member', 'member_limited'] as const) {
    test(`${roleNames[role]} sees every screen of the role in the sidebar at 1024 and 1360 px, each opened by click and by keyboard`, async ({
      page,
    }) => {
      const screens = screensFor(role);
      if (role === 'admin') {
        // A week waiting for a decision, so Approvals carries its count.
        const w = await seedWorld('sidebar');
        await call('POST', '/time', w.member.apiKey, { time: 3 * 3600, date: w.dates[0], task: w.tasks[0]!.id });
        await call('POST', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, w.member.apiKey, {});
      }
      await page.setViewportSize({ width: 1024, height: 768 });
      await signInWithKey(page, await personWith(role), '/timesheet');
      // The screens' links (the sidebar also holds the mark, which links home).
      const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('list');

      for (const width of [1024, 1360]) {
        await page.setViewportSize({ width, height: 768 });
        await page.goto('/timesheet');
        await expect(page.getByRole('heading', { level: 1, name: /^Week \d+ / })).toBeVisible();
        // Exactly the role's screens, in the table's order, each in view: no menu to open.
        await expect(nav.getByRole('link')).toHaveText(screens.map((s) => new RegExp(`^${escaped(s.label.message)}`)));
        await expect(nav.getByRole('button', { name: /^More/ })).toHaveCount(0);
        for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
        await expect(nav.getByRole('link', { name: 'Timesheet' })).toHaveAttribute('aria-current', 'page');
        if (role === 'admin') await expect(nav.getByRole('link', { name: /^Approvals/ })).toContainText(/\d+ waiting/);
        await page.screenshot({ path: `.tmp/screens/nav-${role}-${width}.png` });
        await expectNoAxeViolations(page);

        let previous = nav.getByRole('link', { name: 'Timesheet' });
        for (const screen of screens) {
          const link = nav.getByRole('link', { name: new RegExp(`^${escaped(screen.label.message)}`) });
          if (width === 1024) await link.click();
          else {
            // By keyboard: Tab from the screen before lands on this one, Enter opens it.
            if (screen !== screens[0]) {
              await previous.focus();
              await page.keyboard.press('Tab');
            } else await link.focus();
            await expect(link).toBeFocused();
            await page.keyboard.press('Enter');
          }
          await expect(page).toHaveURL(new RegExp(`${escaped(screen.to)}(/|\\?|$)`));
          await expect(link).toHaveAttribute('aria-current', 'page');
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          previous = link;
        }
      }
    });
  }
});
