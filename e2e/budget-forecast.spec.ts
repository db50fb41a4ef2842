import { dateAtOffset } from '../contract/weeks.ts';
import { ADA, adaKey, expect, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { chooseTheme } from './theme-helpers.ts';
import { call } from './timesheet-helpers.ts';

/*
 * A money budget that never ends, most of it taken by a fixed fee (as the demo's "Brand refresh"): the forecast
 * names no far date, and the chart's "Budget" and "Today" labels never overlap, at laptop and phone size, in
 * light and dark.
 */

const ada = { email: ADA.email, password: ADA.password, apiKey: '' };
const DAY = 86_400_000;
const addDays = (d: string, k: number) => new Date(Date.parse(`${d}T00:00:00Z`) + k * DAY).toISOString().slice(0, 10);
let projectId = '';

test.beforeAll(async () => {
  ada.apiKey = adaKey();
  const today = dateAtOffset(new Date(), 0);
  const me = await call<{ id: number }>('GET', '/users/me', ada.apiKey);
  const project = await call<{ id: string }>('POST', '/projects', ada.apiKey, {
    name: `Fee refresh ${Date.now().toString(36)}`,
    users: [me.id],
  });
  projectId = project.id;
  // 40,000.00 from 42 days ago (43 days to today); the fee of 18,000.00 is 45 % at once; 292.54 of expenses since.
  await call('PUT', `/projects/${project.id}/billing`, ada.apiKey, {
    billing: { type: 'fixed_fee', fee: 1_800_000 },
    rate: { type: 'user_rate' },
    budget: { type: 'money', budget: 4_000_000, period: 'general', appliedFrom: addDays(today, -42), threshold: 85 },
  });
  const category = await call<{ id: number }>('POST', '/expenses/categories', ada.apiKey, {
    name: `Fee refresh ${Date.now().toString(36)}`,
  });
  await call('POST', '/expenses', ada.apiKey, {
    category: category.id,
    date: addDays(today, -20),
    amount: 29_254,
    project: project.id,
    type: 'billable',
    user: me.id,
  });
});

for (const theme of ['light', 'dark'] as const)
  test(`the forecast of a budget mostly taken by a fixed fee, and the chart's labels apart (${theme})`, async ({ page }, info) => {
    test.setTimeout(120_000);
    await chooseTheme(page, theme);
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.goto(`/projects/${projectId}/budget`);
    await signInAs(page, ada);
    // 29,254 ¢ over 43 days is 680.33 ¢ a day: the 21,707.46 left would take 3,191 days, so no date is named;
    // a year on, 1,829,254 + 680.33 × 366 = 2,078,253 ¢ are used.
    await expect(page.getByTestId('forecast')).toHaveText(
      /^At this pace the budget lasts more than a year: about \$20,782\.53 of \$40,000\.00 used by /,
    );
    await expect(
      page.getByText(/\$6\.80 a day over 43 calendar days .* Fixed fees \(\$18,000\.00\) count once, from the start/),
    ).toBeVisible();
    for (const width of [1360, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 740 });
      const label = (text: string) => page.locator('.recharts-surface text').filter({ hasText: new RegExp(`^${text}$`) });
      await expect(label('Budget')).toBeVisible();
      await expect(label('Today')).toBeVisible();
      // Read once the chart has drawn at this width.
      await expect
        .poll(async () => {
          const [a, b] = [await label('Budget').boundingBox(), await label('Today').boundingBox()];
          if (!a || !b) return 'not drawn';
          const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          return apart ? 'apart' : `overlap: Budget ${JSON.stringify(a)}, Today ${JSON.stringify(b)}`;
        })
        .toBe('apart');
      const surface = await page.locator('.recharts-surface').boundingBox();
      const today = (await label('Today').boundingBox())!;
      // Inside the chart, not cut off at its top.
      expect(today.y).toBeGreaterThanOrEqual(surface!.y);
      await page.screenshot({ path: info.outputPath(`budget-${width}-${theme}.png`), fullPage: true });
    }
  });
