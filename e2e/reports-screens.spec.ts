import { ADA, adaKey, expect, test } from './fixtures.ts';
import { headline, rangeQuery, seedReports } from './reports-helpers.ts';
import { call } from './timesheet-helpers.ts';
import { signInAs } from './sign-in.ts';

/** Screenshots of the reports for design review (`SCREENSHOTS=1 npx playwright test reports-screens`), in .tmp/screens/. */
test.skip(!process.env.SCREENSHOTS, 'Set SCREENSHOTS=1 to take design screenshots');

const ada = { email: ADA.email, password: ADA.password, apiKey: '' };
const sizes = { laptop: { width: 1360, height: 900 }, phone: { width: 375, height: 740 } } as const;

test.beforeAll(async () => {
  ada.apiKey = adaKey();
  const team = await call<{ id: number; role: string }[]>('GET', '/team/users', ada.apiKey);
  const sam = team.find((u) => u.role === 'supervisor') ?? team[0]!;
  await seedReports(sam.id);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(sizes)) {
    test(`reports ${size} ${scheme}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      const shot = (name: string) => page.screenshot({ path: `.tmp/screens/reports-${name}-${size}-${scheme}.png`, fullPage: true });
      await page.goto(`/reports/projects?${rangeQuery}`);
      await signInAs(page, ada);
      await expect(headline(page, 'Total time')).toHaveText('13:30');
      await shot('projects');
      await page.getByRole('link', { name: 'Clients', exact: true }).click();
      await expect(headline(page, 'Total time')).toHaveText('13:30');
      const lane = page.getByRole('button', { name: /^Quill Press:/ });
      await lane.hover();
      await shot('clients-hover');
      await lane.focus();
      await page.keyboard.press('ArrowDown');
      await page.screenshot({ path: `.tmp/screens/reports-clients-focus-${size}-${scheme}.png` });
      await page.emulateMedia({ media: 'print', colorScheme: scheme });
      await shot('clients-print');
    });
  }
}
