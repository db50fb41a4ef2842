import { ADA, adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call, inviteAndAccept } from './timesheet-helpers.ts';

test.use({ viewport: { width: 1360, height: 900 } });
test.describe.configure({ timeout: 120_000 });

const shot = (page: import('@playwright/test').Page, name: string) =>
  page.screenshot({ path: `.tmp/screens/team-${name}.png`, fullPage: true });

test('an admin invites a user, sees how they sign in, changes a role, and cannot demote the last admin', async ({ page }) => {
  const n = Date.now().toString(36);
  await page.goto('/team');
  await signInAs(page, { email: ADA.email, password: ADA.password, apiKey: adaKey() });
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const people = page.getByRole('table', { name: 'People' });
  await expect(people.getByRole('row').filter({ hasText: ADA.name })).toContainText('Admin');
  await expectNoAxeViolations(page);
  await shot(page, 'laptop');

  // Invite: the contract checks the form first, then the server creates the user.
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a user' });
  await invite.getByLabel('Name').fill(`Nina New ${n}`);
  await invite.getByLabel('Email').fill('not an email');
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(invite.getByText('Must be an email address')).toBeVisible();
  await invite.getByLabel('Email').fill(`nina-${n}@example.test`);
  await invite.getByLabel('Weekly capacity (hours)').fill('32');
  await invite.getByLabel('Bill rate per hour').fill('95');
  await invite.getByLabel('Cost per hour').fill('55.50');
  await expectNoAxeViolations(page);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();

  const done = page.getByRole('dialog', { name: `Nina New ${n} is invited` });
  await expect(done).toContainText('It opens a page where they choose a password');
  const link = await done.getByLabel(`Invitation link for nina-${n}@example.test`).inputValue();
  await expectNoAxeViolations(page);
  await shot(page, 'invited');
  await done.getByRole('button', { name: 'Done' }).click();
  const row = people.getByRole('row').filter({ hasText: `Nina New ${n}` });
  await expect(row).toContainText('Invited');

  // Nina opens the link in her own browser, chooses a password (a mismatch is refused in plain words), and joins.
  const ninaPage = await page.context().browser()!.newPage();
  await ninaPage.goto(link);
  await expect(ninaPage.getByRole('heading', { level: 1 })).toHaveText(/^Join .+ on Timekeep$/);
  await ninaPage.getByLabel('New password').fill('nina joins the team');
  await ninaPage.getByLabel('Repeat the password').fill('nina joins the tea');
  await ninaPage.getByRole('button', { name: 'Set password and join' }).click();
  await expect(ninaPage.getByRole('alert')).toHaveText('The two passwords are not the same. Type the same password twice.');
  await ninaPage.getByLabel('New password').fill('nina joins the team');
  await ninaPage.getByLabel('Repeat the password').fill('nina joins the team');
  await ninaPage.getByRole('button', { name: 'Set password and join' }).click();
  await expect(ninaPage.getByRole('status')).toContainText('Your password is set and your account is active');
  await ninaPage.goto(link);
  await expect(ninaPage.getByRole('heading', { level: 1 })).toHaveText('This invitation link does not work');
  await ninaPage.close();
  await page.reload();
  await expect(row).toContainText('Active');
  await expect(row).toContainText('32 h');
  await expect(row).toContainText('$95.00');
  await expect(row).toContainText('$55.50');

  // Change her role.
  await row.getByRole('button', { name: `Edit Nina New ${n}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Nina New ${n}` });
  await edit.getByLabel('Role').selectOption('supervisor');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Supervisor');
  const byEmail = async () => (await call<{ email: string; role: string }[]>('GET', '/team/users', adaKey())).find((u) => u.email === `nina-${n}@example.test`);
  expect(await byEmail()).toMatchObject({ role: 'supervisor', status: 'active', capacity: 32 * 3600 });

  // Ada is the only active admin: making her a member is refused, on the field, in plain words.
  await page.getByRole('searchbox', { name: 'Search' }).fill('ada@');
  await expect(page).toHaveURL(/q=ada%40/);
  await people.getByRole('button', { name: `Edit ${ADA.name}` }).click();
  const self = page.getByRole('dialog', { name: `Edit ${ADA.name}` });
  await self.getByLabel('Role').selectOption('member');
  await self.getByRole('button', { name: 'Save' }).click();
  await expect(self.getByText('The team needs at least one active admin').first()).toBeVisible();
  await expect(self.getByLabel('Role')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await shot(page, 'last-admin');
  expect((await call<{ role: string }>('GET', '/users/me', adaKey())).role).toBe('admin');
});

/** The day `days` before today (UTC), as `YYYY-MM-DD`, and as the history names it. */
const daysAgo = (days: number) => {
  const d = new Date(Date.now() - days * 86_400_000);
  return { iso: d.toISOString().slice(0, 10), label: d.toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) };
};

async function editRateFromADate(page: import('@playwright/test').Page, label: string) {
  const n = Date.now().toString(36);
  const name = `Rae Rates ${label} ${n}`;
  const rae = await inviteAndAccept<{ id: number }>(adaKey(), { name, email: `rae-${n}@example.test`, rate: 8000, cost: 3000 });
  await page.goto(`/team?q=${encodeURIComponent(name)}`);
  await signInAs(page, { email: ADA.email, password: ADA.password, apiKey: adaKey() });
  const row = page.getByRole('table', { name: 'People' }).getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  const from = edit.getByLabel('New rate and cost take effect from');
  // Today unless another day is chosen.
  await expect(from).toHaveValue(new Date().toISOString().slice(0, 10));
  const since = daysAgo(10);
  await edit.getByLabel('Bill rate per hour').fill('100');
  await from.fill(since.iso);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  // A laptop's row shows the rate in force; a phone's row has no room for money.
  if (label === 'laptop') await expect(row).toContainText('$100.00');
  const saved = (await call<{ id: number; costHistory: unknown[] }[]>('GET', '/team/users', adaKey())).find((u) => u.id === rae.id)!;
  expect(saved.costHistory).toEqual([
    { effectiveFrom: null, rate: 8000, cost: 3000 },
    { effectiveFrom: since.iso, rate: 10000, cost: 3000 },
  ]);

  // The history in the dialog, newest first.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const rates = edit.getByRole('table').filter({ hasText: 'From' });
  await expect(rates.getByRole('row')).toHaveText([/From\s*Rate\s*Cost/, `${since.label}$100.00$30.00`, 'The start$80.00$30.00']);
  await expectNoAxeViolations(page);
  await edit.getByRole('heading', { name: 'Rates over time' }).scrollIntoViewIfNeeded();
  await shot(page, `rates-${label}`);

  // Saving the role alone writes no history.
  await edit.getByLabel('Role').selectOption('supervisor');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('Supervisor');
  const after = (await call<{ id: number; costHistory: unknown[] }[]>('GET', '/team/users', adaKey())).find((u) => u.id === rae.id)!;
  expect(after.costHistory).toHaveLength(2);
}

test('an admin changes a rate from a date and sees the rates over time', async ({ page }) => {
  await editRateFromADate(page, 'laptop');
});

test('a supervisor reads the team without rates and cannot invite', async ({ page }) => {
  const n = Date.now().toString(36);
  const sue = await inviteAndAccept<{ id: number; apiKey: string; name: string }>(adaKey(), {
    name: `Sue Super ${n}`,
    email: `sue-${n}@example.test`,
    role: 'supervisor',
  });
  await page.goto('/sign-in?redirect=%2Fteam');
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await page.getByRole('textbox', { name: 'API key' }).fill(sue.apiKey);
  await page.getByRole('button', { name: 'Sign in with the API key' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('You can’t invite people or change their roles because only admins manage the team.');
  await expect(page.getByRole('button', { name: 'Invite a user' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Rate' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'People' }).getByRole('row').filter({ hasText: ADA.name })).toBeVisible();
  await expectNoAxeViolations(page);
  // The server refuses too.
  const res = await fetch(`${process.env.E2E_API_URL}/team/users`, {
    method: 'POST',
    headers: { 'X-Api-Key': sue.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Nope', email: `nope-${n}@example.test` }),
  });
  expect(res.status).toBe(403);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the team list', async ({ page }) => {
    await page.goto('/team');
    await signInAs(page, { email: ADA.email, password: ADA.password, apiKey: adaKey() });
    await expect(page.getByRole('table', { name: 'People' }).getByRole('row').filter({ hasText: ADA.name })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'phone');
  });

  test('a rate from a date', async ({ page }) => {
    await editRateFromADate(page, 'phone');
  });
});
