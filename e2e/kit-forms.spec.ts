import { adaKey, expect, expectNoAxeViolations, signIn, soloAdminKey, SOLO_ADMIN, test } from './fixtures.ts';
import { call, inviteAndAccept } from './timesheet-helpers.ts';

/*
 * The kit's form on a real screen (Your details on the profile), against the real API: a server 422 on
 * its field, a 403 in the form's alert, the question before leaving with unsaved changes, and axe on each.
 */

test('the server’s 422 lands on its field, and leaving with unsaved changes asks first', async ({ page }) => {
  await page.goto('/sign-in?redirect=%2Fprofile');
  await signIn(page, soloAdminKey());
  await expect(page.getByRole('heading', { level: 1, name: SOLO_ADMIN.name })).toBeVisible();
  await page.getByRole('button', { name: 'Edit details' }).click();

  // The only admin may not give up the role: the server says why, on the Role field.
  const role = page.getByLabel('Role');
  await role.selectOption({ label: 'Member' });
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(role).toHaveAttribute('aria-invalid', 'true');
  await expect(role).toHaveAccessibleDescription('The team needs at least one active admin');
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Unsaved changes: the app asks before leaving, Stay keeps them, Leave goes.
  await role.selectOption({ label: 'Admin' });
  await page.getByLabel('Headline').fill('Runs the studio');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timesheet' }).click();
  const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(prompt).toContainText('You have not saved your changes to your details');
  await expectNoAxeViolations(page);
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Headline')).toHaveValue('Runs the studio');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timesheet' }).click();
  await prompt.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/timesheet\?week=\d{4}$/);
  await expect(page).toHaveTitle(/· Timekeep$/);
});

test('a 403 shows in the form’s alert with the server’s message; a save shows a toast with Undo', async ({ page }) => {
  const n = Date.now().toString(36);
  const bo = await inviteAndAccept<{ id: number; apiKey: string; name: string }>(adaKey(), {
    name: `Bo Admin ${n}`,
    email: `bo-${n}@example.test`,
    role: 'admin',
  });
  await page.goto('/sign-in?redirect=%2Fprofile');
  await signIn(page, bo.apiKey);
  await expect(page.getByRole('heading', { level: 1, name: bo.name })).toBeVisible();
  await expect(page).toHaveTitle('Profile · Timekeep');

  // A save that works, then Undo puts the old headline back.
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByLabel('Headline').fill('Ops lead');
  await page.getByRole('button', { name: 'Save details' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Your details are saved.' });
  await expect(saved).toBeVisible();
  await expect.poll(async () => (await call<{ headline: string }>('GET', '/users/me', bo.apiKey)).headline).toBe('Ops lead');
  await saved.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await call<{ headline: string }>('GET', '/users/me', bo.apiKey)).headline).toBe('');

  // Meanwhile another admin makes Bo a member: the next save is refused, and the form says so.
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByLabel('Name').fill(`${bo.name} Jr`);
  await call('PUT', `/team/users/${bo.id}`, adaKey(), { role: 'member' });
  await page.getByRole('button', { name: 'Save details' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
  await expect(alert).toContainText('Only admins can do this');
  await expect(page.getByLabel('Name')).toHaveValue(`${bo.name} Jr`);
  await expectNoAxeViolations(page);
});

test('a member is told why they cannot edit their details', async ({ page }) => {
  const n = Date.now().toString(36);
  const member = await inviteAndAccept<{ apiKey: string; name: string }>(adaKey(), {
    name: `Mo Member ${n}`,
    email: `mo-${n}@example.test`,
    role: 'member',
  });
  await page.goto('/sign-in?redirect=%2Fprofile');
  await signIn(page, member.apiKey);
  const card = page.getByRole('region', { name: 'Your details' });
  await expect(card.getByRole('note')).toHaveText(
    /You can’t edit your details because only admins change people's names, roles and week starts\./,
  );
  await expect(card.getByRole('button', { name: 'Edit details' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
