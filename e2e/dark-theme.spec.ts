import { ADA, adaKey, expect, PASSWORD_MEMBERS, test } from './fixtures.ts';
import { headline, rangeQuery, seedReports } from './reports-helpers.ts';
import { signInAs } from './sign-in.ts';
import { chooseTheme, contrast, DARK } from './theme-helpers.ts';
import { call } from './timesheet-helpers.ts';

/*
 * Dark mode chosen in the app on a light system: native controls and charts follow the theme's tokens, not the
 * system's scheme (each screen is also saved as a screenshot to look at, in test-results/).
 */

const ada = { email: ADA.email, password: ADA.password, apiKey: '' };

test.beforeAll(async () => {
  ada.apiKey = adaKey();
  // The reports' month with the same supervisor as reports.spec.ts, whichever file runs first.
  const team = await call<{ id: number; email: string }[]>('GET', '/team/users', ada.apiKey);
  await seedReports(team.find((u) => u.email === PASSWORD_MEMBERS.reports.email)!.id);
});

test('in the dark theme the report’s selects, date inputs, grid lines and profit bars use the dark tokens', async ({ page }, info) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'light' });
  await chooseTheme(page, 'dark');
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(`/reports/projects?${rangeQuery}`);
  await signInAs(page, ada);
  await expect(headline(page, 'Total time')).toHaveText('13:30');

  // Native controls: drawn dark by the browser (color-scheme) and filled with the dark surface and text.
  const looks = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((e) => {
        const s = getComputedStyle(e);
        return { scheme: s.colorScheme, background: s.backgroundColor, color: s.color };
      });
  for (const control of ['form[aria-label="Report filters"] select', 'form[aria-label="Report filters"] input[type="date"]'])
    expect(await looks(control), control).toEqual({ scheme: 'dark', background: DARK.surface, color: DARK.text });

  // The trend's grid lines: the dark border token, a quiet line on the card (under 1.5:1).
  const grid = await page
    .locator('.recharts-cartesian-grid line')
    .evaluateAll((lines) => [...new Set(lines.map((l) => l.getAttribute('stroke')))]);
  expect(grid).toEqual([DARK.border]);
  expect(contrast(DARK.border, DARK.surface)).toBeLessThan(1.5);

  // Every bar, Profit included, stands out from the dark card (at least 3:1).
  const fills = await page
    .locator('.recharts-bar-rectangle path')
    .evaluateAll((paths) => [...new Set(paths.map((p) => p.getAttribute('fill')!))]);
  expect(fills.length).toBeGreaterThanOrEqual(3);
  for (const fill of fills) expect(contrast(fill, DARK.surface), fill).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: info.outputPath('reports-dark-1360.png'), fullPage: true });

  // Each screen in the dark theme, to look at.
  for (const [name, path] of [
    ['timesheet', '/timesheet'],
    ['expenses', '/expenses'],
    ['time-off', '/time-off'],
    ['projects', '/projects'],
    ['clients', '/clients'],
    ['invoices', '/invoices'],
    ['team', '/team'],
    ['integrations', '/integrations'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.screenshot({ path: info.outputPath(`${name}-dark-1360.png`), fullPage: true });
  }
});
