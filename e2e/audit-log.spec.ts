import { ADA, adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call } from './timesheet-helpers.ts';

test.use({ viewport: { width: 1360, height: 900 } });

test('an admin changes a role, opens the audit log, filters by kind and sees the entry', async ({ page }) => {
  const n = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Audra Audit ${n}`;
  await call('POST', '/team/users', adaKey(), { name, email: `audra-${n}@example.test` });
  await page.goto('/team');
  await signInAs(page, { email: ADA.email, password: ADA.password, apiKey: adaKey() });
  const row = page.getByRole('table', { name: 'People' }).getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByLabel('Role').selectOption('supervisor');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Supervisor');

  await page.getByRole('button', { name: 'Audit log' }).click();
  const log = page.getByRole('region', { name: 'Audit log' });
  await log.getByLabel('Kind').selectOption('user.role_changed');
  const entry = log.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: name });
  await expect(entry).toContainText('User role changed');
  await expect(entry).toContainText(ADA.name);
  // Changed in the web app: the person acted themselves, no app is named.
  await expect(entry).not.toContainText('(app');
  await expect(entry).toContainText('role: member → role: supervisor');
  await expectNoAxeViolations(page);
  await log.screenshot({ path: '/tmp/audit-screens/audit-log-1360.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(entry).toBeVisible();
  await log.screenshot({ path: '/tmp/audit-screens/audit-log-375.png' });

  // The CSV holds the same entry.
  const [download] = await Promise.all([page.waitForEvent('download'), log.getByRole('button', { name: 'Download CSV' }).click()]);
  const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  expect(text).toContain(`user.role_changed,user,`);
  expect(text).toContain(name);
});
