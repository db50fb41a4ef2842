import fs from 'node:fs';
import { ADA, adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { expectUploaded, form, PDF, pickReceipts, PNG, seedExpenseWorld } from './expenses-helpers.ts';
import { signInAs } from './sign-in.ts';
import { startTcpProxy } from './tcp-proxy.ts';
import { call, seedWorld, useKeySessionOn, inviteAndAccept, INVITED_PASSWORD } from './timesheet-helpers.ts';

/** Signs in with an API key (members made through the API have no password) and opens `path`. */
async function signInWithKeyAt(page: import('@playwright/test').Page, key: string, path: string) {
  await useKeySessionOn(page, process.env.E2E_API_URL!, key);
  await page.goto(path);
}

/** A member of this test alone (one with no expenses yet, however often the test runs), who signs in with a password. */
async function freshMember(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const member = await inviteAndAccept<{ id: number; apiKey: string }>(adaKey(), { name, email, role: 'member' });
  return { ...member, name, email, password: INVITED_PASSWORD };
}

test.use({ viewport: { width: 1360, height: 900 } });

test('a member adds a mileage expense with a PNG and a PDF receipt, reloads and downloads both', async ({ page }) => {
  // The longest journey (sign-in, six files, a reload, two downloads): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const member = await freshMember('Eli Receipts');
  const w = await seedExpenseWorld('journey', member.id);
  await page.goto('/expenses');
  await signInAs(page, member);
  await expect(page).toHaveURL(/\/expenses/);
  await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
  await expect(page.getByText(/No expenses in these dates/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Add expense' }).click();
  await expect(page).toHaveURL(/\/expenses\/new/);
  const dialog = form(page);
  await dialog.getByLabel('Category').selectOption({ label: `${w.mileage.name} ($0.58 per mile)` });
  await dialog.getByLabel('Project').selectOption({ label: w.project.name });
  await expect(dialog.getByRole('checkbox', { name: 'Billable to the client' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Billable to the client' })).toBeDisabled();
  await dialog.getByLabel('Quantity (miles)').fill('12.5');
  await expect(dialog.getByRole('status').filter({ hasText: '=' }).or(dialog.locator('output'))).toHaveText('= $7.25');
  await dialog.getByLabel('Details').fill('Client visit in Leeds');

  await pickReceipts(page, [
    { name: 'fuel.png', mimeType: 'image/png', buffer: PNG },
    { name: 'parking.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  await expect((await expectUploaded(page, 'fuel.png')).locator('img')).toBeVisible();
  await expectUploaded(page, 'parking.pdf');

  // Refused before sending: too large; refused by the server: a text file named .png.
  await pickReceipts(page, [{ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(12 * 1024 * 1024, 1) }]);
  await expect(dialog.getByRole('listitem').filter({ hasText: 'scan.pdf' }).getByRole('alert')).toHaveText(
    /scan\.pdf is 12 MB; files can be at most 10 MB/,
  );
  await pickReceipts(page, [{ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') }]);
  const notes = dialog.getByRole('listitem').filter({ hasText: 'notes.png' });
  // The server's refusal is final: it says why and offers no Retry, only Remove.
  await expect(notes.getByRole('status')).toHaveText('Refused');
  await expect(notes.getByRole('alert')).toContainText('files are accepted');
  await expect(notes.getByRole('button', { name: 'Retry notes.png' })).toHaveCount(0);
  await expect(notes.getByRole('button', { name: 'Remove notes.png' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/expenses-form-1360.png' });

  await dialog.getByRole('button', { name: 'Save expense' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/expenses(\?|$)/);
  const row = page.getByRole('row').filter({ hasText: 'Client visit in Leeds' });
  await expect(row).toContainText('$7.25');
  await expect(row).toContainText('12.5 miles × $0.58');
  await expect(row).toContainText('Billable');
  await expect(row).not.toContainText('Not billable');
  await expect(page.getByRole('list', { name: 'Totals' }).or(page.getByLabel('Totals'))).toContainText('$7.25');

  await page.reload();
  await expect(row.getByRole('button', { name: 'Download fuel.png' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Download fuel.png' }).locator('img')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/expenses-list-1360.png', fullPage: true });
  for (const [name, bytes] of [
    ['fuel.png', PNG],
    ['parking.pdf', PDF],
  ] as const) {
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${name}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(name);
    expect(fs.readFileSync((await file.path())!).equals(bytes)).toBe(true);
  }

  const saved = await call<{ attachments: { name: string }[]; amount: number; billable: boolean }[]>('GET', '/expenses', member.apiKey);
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ amount: 725, billable: true });
  expect(saved[0]!.attachments.map((a) => a.name).sort()).toEqual(['fuel.png', 'parking.pdf']);
});

test('the API stops while saving: the expense and its receipt are saved once it answers again, once', async ({ page }) => {
  // An outage, its retries and a reload: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const member = await inviteAndAccept<{ id: number; apiKey: string }>(adaKey(), {
    name: 'Omar Offline',
    email: `omar-${Date.now()}@example.test`,
    role: 'member',
  });
  const w = await seedExpenseWorld('outage', member.id);
  const proxy = await startTcpProxy(process.env.E2E_API_URL!);
  try {
    await useKeySessionOn(page, proxy.url, member.apiKey);
    await page.goto('/expenses/new');
    const dialog = form(page);
    await dialog.getByLabel('Category').selectOption({ label: w.meals.name });
    await dialog.getByLabel('Amount').fill('42.10');
    await dialog.getByLabel('Details').fill('Team lunch');
    await pickReceipts(page, [{ name: 'lunch.png', mimeType: 'image/png', buffer: PNG }]);
    await expectUploaded(page, 'lunch.png');

    await proxy.cut();
    await dialog.getByRole('button', { name: 'Save expense' }).click();
    await expect(dialog.getByText('Not saved yet')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/screens/expenses-offline-1360.png' });

    await proxy.restore();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    const row = page.getByRole('row').filter({ hasText: 'Team lunch' });
    await expect(row).toContainText('$42.10');
    const saved = await call<{ amount: number; attachments: { name: string }[] }[]>('GET', '/expenses', member.apiKey);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ amount: 4210, attachments: [{ name: 'lunch.png' }] });
  } finally {
    await proxy.cut();
  }
});

test('a refused save keeps the form and its receipt, also after a reload', async ({ page }) => {
  const member = await inviteAndAccept<{ id: number; apiKey: string }>(adaKey(), {
    name: 'Rita Reload',
    email: `rita-${Date.now()}@example.test`,
    role: 'member',
  });
  const w = await seedExpenseWorld('reload', member.id);
  await signInWithKeyAt(page, member.apiKey, '/expenses/new');
  const dialog = form(page);
  await dialog.getByLabel('Category').selectOption({ label: w.meals.name });
  await dialog.getByLabel('Amount').fill('19.99');
  await pickReceipts(page, [{ name: 'taxi.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await expectUploaded(page, 'taxi.pdf');
  // The category goes away meanwhile: the server refuses the save and names the field.
  await call('DELETE', `/expenses/categories/${w.meals.id}`, adaKey());
  await dialog.getByRole('button', { name: 'Save expense' }).click();
  await expect(dialog.getByLabel('Category')).toHaveAccessibleDescription(`There is no expense category ${w.meals.id} in your team`);

  await page.reload();
  await expect(form(page).getByRole('button', { name: 'Download taxi.pdf' })).toBeVisible();
  await expect(form(page).getByLabel('Amount')).toHaveValue('19.99');
  await page.goto('/expenses');
  await expect(page.getByText('An expense is not saved yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(form(page).getByRole('button', { name: 'Download taxi.pdf' })).toBeVisible();
  await form(page)
    .getByLabel('Category')
    .selectOption({ label: w.mileage.name + ' ($0.58 per mile)' });
  await form(page).getByLabel('Quantity (miles)').fill('10');
  await form(page).getByRole('button', { name: 'Save expense' }).click();
  await expect(form(page)).toBeHidden();
  const saved = await call<{ amount: number; attachments: { name: string }[] }[]>('GET', '/expenses', member.apiKey);
  expect(saved).toMatchObject([{ amount: 580, attachments: [{ name: 'taxi.pdf' }] }]);
  await expect(page.getByText('An expense is not saved yet')).toHaveCount(0);
});

test('an expense in a submitted week is read-only and says why', async ({ page }) => {
  const w = await seedWorld('locked-expense');
  const x = await seedExpenseWorld('locked', w.member.id);
  await call('POST', '/expenses', w.member.apiKey, { category: x.meals.id, date: w.today, amount: 1500, details: 'Locked dinner' });
  await call('POST', '/time', w.member.apiKey, { time: 3600, date: w.today, task: w.tasks[0]!.id });
  await call('POST', `/timesheets/${w.member.id}${String(w.weekId).padStart(4, '0')}/approval`, w.member.apiKey, {});
  await signInWithKeyAt(page, w.member.apiKey, '/expenses');
  const row = page.getByRole('row').filter({ hasText: 'Locked dinner' });
  // The reason names the week as the header does (Week 48), not by the API's week id (2648).
  await expect(row).toContainText(`Locked · Week ${w.weekId % 100} is pending approval`);
  await row.getByText('Locked dinner').click();
  const dialog = page.getByRole('dialog', { name: 'Expense' });
  await expect(dialog.getByText(/This expense cannot be changed/)).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: /Save/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('an admin adds, edits and deletes categories, moving the expenses of one', async ({ page }) => {
  // Three dialogs, two axe scans and a move of expenses: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const w = await seedWorld('categories');
  const x = await seedExpenseWorld('cats', w.member.id);
  const sandwich = await call<{ id: number }>('POST', '/expenses', w.member.apiKey, {
    category: x.meals.id,
    date: w.today,
    amount: 900,
    details: 'Moved sandwich',
  });
  await page.goto('/expenses');
  await signInAs(page, { email: ADA.email, password: ADA.password, apiKey: adaKey() });
  // The team view: everyone's expenses, with whose they are.
  await page.getByLabel('Whose').selectOption({ label: 'Everyone in the team' });
  await expect(page).toHaveURL(/person=all/);
  // The category's name is this run's own (a retry seeds another), so a row left by an earlier try does not match.
  const theirs = page.getByRole('row').filter({ hasText: 'Moved sandwich' }).filter({ hasText: x.meals.name });
  await expect(theirs).toContainText(w.member.name);
  await expect(page.getByRole('columnheader', { name: /Person/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/expenses-team-1360.png', fullPage: true });

  await page.getByRole('button', { name: 'Categories' }).click();
  const dialog = page.getByRole('dialog', { name: 'Expense categories' });
  await expect(dialog.getByRole('listitem').filter({ hasText: x.meals.name })).toContainText('1 expense');
  await dialog.getByRole('button', { name: 'New category' }).click();
  const name = `Hotel ${Date.now()}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog
    .getByRole('switch', { name: /Priced per unit/ })
    .or(dialog.getByRole('checkbox', { name: /Priced per unit/ }))
    .click();
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog.getByLabel('Unit name')).toHaveAccessibleDescription('A unit-based category needs unitName');
  await dialog.getByLabel('Unit name').fill('Nights');
  await dialog.getByLabel('Price per unit').fill('120');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: name })).toContainText('$120.00 per night');

  await dialog.getByRole('button', { name: `Delete ${x.meals.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${x.meals.name}?` });
  await expect(confirm).toContainText('1 expense uses it');
  await confirm.getByLabel('Move to').selectOption({ label: name });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/expenses-categories-1360.png' });
  await confirm.getByRole('button', { name: 'Delete category' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: x.meals.name })).toHaveCount(0);
  const moved = (await call<{ id: number; category: number }[]>('GET', '/expenses', w.member.apiKey)).find((e) => e.id === sandwich.id);
  const hotel = (await call<{ id: number; name: string }[]>('GET', '/expenses/categories', adaKey())).find((c) => c.name === name)!;
  expect(moved!.category).toBe(hotel.id);
});

test('a receipt dropped onto a row joins that expense; a fresh upload is removed only after asking; Undo brings a deleted expense back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const member = await inviteAndAccept<{ id: number; apiKey: string }>(adaKey(), {
    name: 'Dora Dropper',
    email: `dora-${Date.now()}@example.test`,
    role: 'member',
  });
  const w = await seedExpenseWorld('drop', member.id);
  const today = new Date().toISOString().slice(0, 10);
  await call('POST', '/expenses', member.apiKey, {
    category: w.meals.id,
    date: today,
    amount: 2350,
    details: 'Team lunch',
    project: w.project.id,
  });
  await call('POST', '/expenses', member.apiKey, { category: w.meals.id, date: today, amount: 990, details: 'Coffee beans' });
  await signInWithKeyAt(page, member.apiKey, '/expenses');
  const row = page.getByRole('row').filter({ hasText: 'Team lunch' });
  await expect(row).toContainText('None');
  await expect(page.getByText('Drop a receipt onto an expense to attach it.')).toBeVisible();

  // A file from the desktop dragged over the row marks it; dropped, it uploads and joins that expense only.
  const files = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'lunch.png', { type: 'image/png' }));
    return dt;
  }, PNG.toString('base64'));
  await row.dispatchEvent('dragover', { dataTransfer: files });
  await expect(row).toHaveAttribute('data-drop-over', 'true');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/expenses-drop-row-1360.png' });
  await row.dispatchEvent('drop', { dataTransfer: files });
  await expect(page.getByRole('status').filter({ hasText: 'lunch.png is attached to the expense of' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Download lunch.png' }).locator('img')).toBeVisible();
  await expect(row).not.toHaveAttribute('data-drop-over');
  await expectNoAxeViolations(page);
  let saved = await call<{ details: string; attachments: { name: string }[] }[]>('GET', '/expenses', member.apiKey);
  expect(saved.map((e) => [e.details, e.attachments.map((a) => a.name)]).sort()).toEqual([
    ['Coffee beans', []],
    ['Team lunch', ['lunch.png']],
  ]);
  // A file the server would refuse is refused at the row too, before sending.
  const text = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['not a receipt'], 'notes.txt', { type: 'text/plain' }));
    return dt;
  });
  await page.getByRole('row').filter({ hasText: 'Coffee beans' }).dispatchEvent('drop', { dataTransfer: text });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt is not a file we take' })).toBeVisible();

  // In the form, a receipt uploaded just now asks before it is removed.
  await row.getByText('Team lunch').click();
  const dialog = page.getByRole('dialog', { name: 'Edit expense' });
  await pickReceipts(page, [{ name: 'tip.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await expectUploaded(page, 'tip.pdf');
  await dialog.getByRole('button', { name: 'Remove tip.pdf' }).click();
  const ask = page.getByRole('dialog', { name: 'Remove tip.pdf?' });
  await expect(ask).toContainText('tip.pdf comes off this expense when you save it.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/expenses-remove-receipt-1360.png' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'tip.pdf' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove tip.pdf' }).click();
  await page.getByRole('dialog', { name: 'Remove tip.pdf?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'tip.pdf' })).toHaveCount(0);

  // Deleted, then brought back with Undo: the same expense with its receipt.
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this expense?' }).getByRole('button', { name: 'Delete expense' }).click();
  await expect(row).toHaveCount(0);
  const undo = page.getByRole('status').filter({ hasText: 'Expense deleted' }).getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  // As a user reaching for Undo would: the toast waits while the pointer is on it, however long the checks take.
  await undo.hover();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/expenses-undo-1360.png' });
  await undo.click();
  await expect(page.getByRole('status').filter({ hasText: 'Expense restored' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Download lunch.png' })).toBeVisible();
  await expect(row).toContainText('$23.50');
  saved = await call<{ details: string; amount: number; project: string | null; attachments: { name: string }[] }[]>(
    'GET',
    '/expenses',
    member.apiKey,
  );
  expect(saved.find((e) => e.details === 'Team lunch')).toMatchObject({
    amount: 2350,
    project: w.project.id,
    attachments: [{ name: 'lunch.png' }],
  });
  expect(saved).toHaveLength(2);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('a member adds an expense with a photo of the receipt in a few taps', async ({ page }) => {
    const member = await freshMember('Eva Camera');
    const w = await seedExpenseWorld('phone', member.id);
    await page.goto('/expenses');
    await signInAs(page, member);
    await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
    await page.getByRole('button', { name: 'Add expense' }).click();
    const dialog = form(page);
    await dialog.getByLabel('Category').selectOption({ label: w.meals.name });
    await dialog.getByLabel('Amount').fill('8.40');
    await dialog.getByLabel('Receipts: take a photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    await expectUploaded(page, 'photo.png');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/screens/expenses-form-375.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Save expense' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: '$8.40' });
    await expect(row.getByRole('button', { name: 'Download photo.png' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/screens/expenses-list-375.png', fullPage: true });
  });
});
