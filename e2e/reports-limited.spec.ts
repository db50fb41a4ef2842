import { adaKey, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts';
import { rangeQuery } from './reports-helpers.ts';
import { inviteAndAccept } from './timesheet-helpers.ts';

test('a limited member has no reports: no Reports in the navigation, and a link to one says why', async ({ page }) => {
  const lim = await inviteAndAccept<{ id: number; apiKey: string }>(adaKey(), {
    name: 'Lin Limited',
    email: `lin-limited-${Date.now()}@example.test`,
    role: 'member_limited',
  });
  await page.goto(`/reports/projects?${rangeQuery}`);
  await signIn(page, lim.apiKey);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByText('Reports are not part of your role.')).toBeVisible();
  await expect(page.locator('[data-figure]')).toHaveCount(0);
  await expect(page.locator('figure')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Reports', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
