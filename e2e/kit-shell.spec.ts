import { phoneBar, screensFor } from '../src/app/screens.ts';
import type { Locator, Page } from '@playwright/test';
import { adaKey, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';
import { timesheetId } from '../contract/timesheet-ids.ts';
import { call, seedWorld, inviteAndAccept } from './timesheet-helpers.ts';

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
    await expect(nav.getByRole('link')).toHaveText(bar.map((s) => s.label));
    expect(more.map((s) => s.label)).toContain('Profile');
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

/** More sits right after the last link that shows (the bar's gap between them), not across the free space. */
async function expectMoreAfterLastLink(nav: Locator) {
  const gap = async () => {
    const last = (await nav.getByRole('link').last().boundingBox())!;
    const more = (await nav.getByRole('button', { name: /^More/ }).boundingBox())!;
    return more.x - (last.x + last.width);
  };
  // Measured once the bar has settled (Clock in and the counts arrive after the first paint).
  await expect.poll(gap, { message: 'space between the last link and More' }).toBeGreaterThanOrEqual(0);
  expect(await gap(), 'space between the last link and More').toBeLessThanOrEqual(12);
}

/** Ada signed in on the timesheet at 1440 px, with the header's More button and its list. */
async function timesheetAt1440(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/sign-in?redirect=%2Ftimesheet');
  await signIn(page, adaKey());
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('heading', { level: 1, name: /^Week \d+ / })).toBeVisible();
  return { more: nav.getByRole('button', { name: /^More/ }), list: nav.locator('.more-menu__list') };
}

test.describe('on a laptop', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an admin’s navigation stays on one line from 1024 to 1440 px, with every screen reachable by keyboard through More', async ({
    page,
  }) => {
    const all = screensFor('admin').map((s) => s.label);
    // A week waiting for a decision, so Approvals carries a count wherever it sits.
    const w = await seedWorld('nav');
    await call('POST', '/time', w.member.apiKey, { time: 3 * 3600, date: w.dates[0], task: w.tasks[0]!.id });
    await call('POST', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, w.member.apiKey, {});
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/sign-in?redirect=%2Ftimesheet');
    await signIn(page, adaKey());
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    const more = nav.getByRole('button', { name: /^More/ });
    await expect(page.getByRole('heading', { level: 1, name: /^Week \d+ / })).toBeVisible();

    for (const width of [1024, 1280, 1360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/timesheet');
      await expect(page.getByRole('heading', { level: 1, name: /^Week \d+ / })).toBeVisible();
      // Clock in and the count of weeks waiting (on Approvals or on More) have come: the bar has its final widths.
      await expect(header.getByRole('button', { name: /^Clock (in|out)/ })).toBeVisible();
      await expect(nav.getByText(/\d+ waiting/).first()).toBeAttached();
      // The links that show, then those under More: every screen once, in the table's order.
      const shown = nav.getByRole('link');
      await expect(shown.first()).toBeVisible();
      const barLabels = await shown.allInnerTexts();
      let moreLabels: string[] = [];
      if (await more.isVisible()) {
        await more.click();
        const list = nav.locator('.more-menu__list');
        await expect(list).toBeVisible();
        moreLabels = await list.getByRole('link').allInnerTexts();
        // The whole list shows: nothing of it is cut off.
        expect(await list.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
        const listBox = (await list.boundingBox())!;
        for (const link of await list.getByRole('link').all()) {
          const b = (await link.boundingBox())!;
          expect(b.y + b.height).toBeLessThanOrEqual(listBox.y + listBox.height);
        }
        await page.screenshot({ path: `.tmp/screens/nav-${width}-more.png` });
        await page.keyboard.press('Escape');
        await expect(list).toHaveCount(0);
        await expect(more).toBeFocused();
        // Weeks waiting stay in sight while Approvals sits under More: More carries their count.
        if (moreLabels.some((l) => l.startsWith('Approvals'))) {
          const waiting = (await call<{ pending: number }>('GET', '/approvals/summary', adaKey())).pending;
          expect(waiting, 'the demo team has weeks waiting').toBeGreaterThan(0);
          await expect(more).toHaveAccessibleName(new RegExp(`^More ?, Approvals: ${waiting} waiting$`));
          await expect(more).toContainText(String(waiting));
        }
      }
      // A label's badge is a number after it ("3", or "99+"), then the same count spoken ("3 waiting").
      expect([...barLabels, ...moreLabels].map((l) => l.replace(/(\s*\d+\+?)?(\s*\d+ waiting)?\s*$/, '').trim())).toEqual(all);
      expect(barLabels.length, `screens in the bar at ${width} px`).toBeGreaterThanOrEqual(3);

      // One line: the header is one bar high, every item of the navigation on the same line and inside it,
      // and nothing of the header overlaps the navigation.
      const headerBox = (await header.boundingBox())!;
      expect(headerBox.height, `header height at ${width} px`).toBeLessThanOrEqual(64);
      const items = [...(await shown.all()), ...((await more.isVisible()) ? [more] : [])];
      const boxes = await Promise.all(items.map(async (l) => (await l.boundingBox())!));
      for (const b of boxes) {
        expect(Math.abs(b.y - boxes[0]!.y)).toBeLessThan(1);
        expect(b.y).toBeGreaterThanOrEqual(headerBox.y);
        expect(b.y + b.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
      }
      const navRight = Math.max(...boxes.map((b) => b.x + b.width));
      for (const other of [header.getByRole('link', { name: /^This week/ }), header.getByRole('button', { name: 'Ada Admin' })]) {
        if (await other.isVisible()) expect(navRight).toBeLessThanOrEqual((await other.boundingBox())!.x);
      }
      if (await more.isVisible()) await expectMoreAfterLastLink(nav);
      await page.screenshot({ path: `.tmp/screens/nav-${width}.png` });
      await expectNoAxeViolations(page);
    }

    // At 1024 px, the last screen sits under More: reached by keyboard, and More then shows it as current.
    await page.setViewportSize({ width: 1024, height: 900 });
    const last = screensFor('admin').at(-1)!;
    const list = nav.locator('.more-menu__list');
    // Arrow Down on More opens its list on the first screen, at once: the first press, right after the window
    // narrowed, while the header may still be measuring what fits.
    await more.focus();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(list.getByRole('link', { name: last.label })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${last.to}`));
    await expect(list).toHaveCount(0);
    await expect(more).toHaveAccessibleName(new RegExp(`^More ?, current: ${last.label}( ?, Approvals: \\d+ waiting)?$`));
    await expect(more).toHaveClass(/nav-link--active/);
    await more.press('Enter');
    await expect(list.getByRole('link', { name: last.label })).toHaveAttribute('aria-current', 'page');
    // Tab walks from More into its list; leaving it closes it.
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link').first()).toBeFocused();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/screens/nav-1024-current-in-more.png' });
    await page.mouse.click(700, 600);
    await expect(list).toHaveCount(0);
  });

  test('Arrow Down on More pressed before the bar re-measured after narrowing still lands on the first screen of the list', async ({
    page,
  }) => {
    const { more, list } = await timesheetAt1440(page);
    // The list's code is loaded: it then opens in the same task as the key press.
    await more.click();
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    // The bar narrows and Arrow Down comes in the same task, before any resize observer has run: the state
    // the window is in for a moment after it narrows (the list used to open on the wider bar's screens).
    await page.evaluate(() => {
      document.querySelector<HTMLElement>('.shell__bar')!.style.maxWidth = '1000px';
      const button = document.querySelector<HTMLButtonElement>('.shell__nav .more-menu > button')!;
      button.focus();
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    });
    const links = list.getByRole('link');
    await expect(links.first()).toBeFocused();
    // Once every observer has run, the list holds the same screens and the focus stays on the first.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const first = await links.first().innerText();
    await expect(links.first()).toBeFocused();
    await expect(page.locator(':focus')).toHaveText(first);
  });

  test('the list opened by Arrow Down keeps the focus on its first screen when the bar narrows again, until the user moves', async ({
    page,
  }) => {
    const { more, list } = await timesheetAt1440(page);
    const links = list.getByRole('link');
    await page.evaluate(() => (document.querySelector<HTMLElement>('.shell__bar')!.style.maxWidth = '1300px'));
    await more.focus();
    await page.keyboard.press('ArrowDown');
    await expect(links.first()).toBeFocused();
    const before = await links.count();
    // The list is open and the bar narrows (a window dragged smaller, a part of the header arriving late): a
    // screen moves from the bar to the top of the list. The user has not moved, so the first screen is focused.
    await page.evaluate(() => (document.querySelector<HTMLElement>('.shell__bar')!.style.maxWidth = '1100px'));
    await expect.poll(() => links.count()).toBeGreaterThan(before);
    await expect(links.first()).toBeFocused();
    // Once the user moves, the focus is theirs: another narrowing leaves it where they put it.
    await page.keyboard.press('ArrowDown');
    const chosen = await links.nth(1).innerText();
    await expect(links.nth(1)).toBeFocused();
    const count = await links.count();
    await page.evaluate(() => (document.querySelector<HTMLElement>('.shell__bar')!.style.maxWidth = '900px'));
    await expect.poll(() => links.count()).toBeGreaterThan(count);
    await expect(page.locator(':focus')).toHaveText(chosen);
  });

  test('with a long name in the header, More follows the last link that fits, at 1280 and 1360 px', async ({ page }) => {
    const n = Date.now().toString(36);
    const admin = await inviteAndAccept<{ id: number; apiKey: string; name: string }>(adaKey(), {
      name: `Maximiliana Wolkenstein-Oberhausen ${n}`,
      email: `max-${n}@example.test`,
      role: 'admin',
    });
    try {
      await page.setViewportSize({ width: 1360, height: 900 });
      await page.goto('/sign-in?redirect=%2Ftimesheet');
      await signIn(page, admin.apiKey);
      const header = page.getByRole('banner');
      const nav = header.getByRole('navigation', { name: 'Main' });
      const more = nav.getByRole('button', { name: /^More/ });
      await expect(page.getByRole('heading', { level: 1, name: /^Week \d+ / })).toBeVisible();
      await expect(header.getByRole('button', { name: /^Clock (in|out)/ })).toBeVisible();
      for (const width of [1360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(more).toBeVisible();
        await expectMoreAfterLastLink(nav);
        // The bar and More stay clear of the week, the timer and the name.
        const moreBox = (await more.boundingBox())!;
        const name = (await header.getByRole('button', { name: admin.name }).boundingBox())!;
        expect(moreBox.x + moreBox.width).toBeLessThanOrEqual(name.x);
        await page.screenshot({ path: `.tmp/screens/nav-${width}-long-name.png` });
        // Arrow Down opens the list on the first screen that did not fit.
        await more.focus();
        await page.keyboard.press('ArrowDown');
        const list = nav.locator('.more-menu__list');
        await expect(list.getByRole('link').first()).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(list).toHaveCount(0);
      }
    } finally {
      // The team keeps its one admin for the other journeys.
      await call('PUT', `/team/users/${admin.id}`, adaKey(), { role: 'member' });
    }
  });
});
