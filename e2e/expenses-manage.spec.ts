import { adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { expectUploaded, form, PDF, pickReceipts, PNG, seedExpenseWorld, tabTo } from './expenses-helpers.ts';
import { call, useKeySessionOn, inviteAndAccept } from './timesheet-helpers.ts';

const shot = (page: import('@playwright/test').Page, name: string) => page.screenshot({ path: `.tmp/screens/expenses-${name}.png`, fullPage: true });
const newPerson = (name: string, role = 'member') =>
  inviteAndAccept<{ id: number; name: string; apiKey: string }>(adaKey(), {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.test`,
    role,
  });
const today = () => new Date().toISOString().slice(0, 10);
/** The 10th of last month: inside "Last month", outside "This month". */
const lastMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 10)).toISOString().slice(0, 10);
};

/** A new member with the expense world, signed in on the form of a new expense with a plain category chosen. */
async function openNewExpense(page: import('@playwright/test').Page, name: string) {
  const member = await newPerson(name);
  const w = await seedExpenseWorld(name.split(' ')[0]!.toLowerCase(), member.id);
  await useKeySessionOn(page, process.env.E2E_API_URL!, member.apiKey);
  await page.goto('/expenses/new');
  const dialog = form(page);
  await dialog.getByLabel('Category').selectOption({ label: w.meals.name });
  return { member, dialog };
}

test.use({ viewport: { width: 1360, height: 900 } });

test('the filters narrow the list and its totals, and stay in the address', async ({ page }) => {
  const member = await newPerson('Fiona Filters');
  const w = await seedExpenseWorld('filters', member.id);
  await call('POST', '/expenses', member.apiKey, { category: w.meals.id, date: today(), amount: 2350, details: 'Lunch on the project', project: w.project.id });
  await call('POST', '/expenses', member.apiKey, { category: w.mileage.id, date: today(), quantity: 10, details: 'Drive on my own' });
  await call('POST', '/expenses', member.apiKey, { category: w.meals.id, date: lastMonth(), amount: 1200, details: 'Dinner last month' });
  await useKeySessionOn(page, process.env.E2E_API_URL!, member.apiKey);
  await page.goto('/expenses');
  const totals = page.getByLabel('Totals');
  const rows = page.getByRole('table', { name: 'Expenses' }).getByRole('row');
  // This month by default: both of this month's, the billable project's lunch as billable.
  await expect(rows.filter({ hasText: 'Lunch on the project' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Drive on my own' })).toContainText('$5.80');
  await expect(rows.filter({ hasText: 'Dinner last month' })).toHaveCount(0);
  await expect(totals).toContainText('Total$29.30');
  await expect(totals).toContainText('Billable$23.50');

  await page.getByLabel('Category', { exact: true }).selectOption({ label: w.mileage.name });
  await expect(page).toHaveURL(new RegExp(`category=${w.mileage.id}`));
  await expect(rows.filter({ hasText: 'Lunch on the project' })).toHaveCount(0);
  await expect(totals).toContainText('Total$5.80');
  await expect(totals).toContainText('Billable$0.00');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'All categories' });

  await page.getByLabel('Project', { exact: true }).selectOption({ label: w.project.name });
  await expect(page).toHaveURL(/project=/);
  await expect(rows.filter({ hasText: 'Drive on my own' })).toHaveCount(0);
  await expect(totals).toContainText('Total$23.50');
  await page.getByLabel('Project', { exact: true }).selectOption({ label: 'All projects' });

  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last month' });
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01/);
  await expect(rows.filter({ hasText: 'Dinner last month' })).toContainText('$12.00');
  await expect(rows.filter({ hasText: 'Lunch on the project' })).toHaveCount(0);
  await expect(totals).toContainText('Total$12.00');
  await expectNoAxeViolations(page);
  // The address keeps the filters: a reload shows the same.
  await page.reload();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('last-month');
  await expect(rows.filter({ hasText: 'Dinner last month' })).toBeVisible();
});

test("an admin edits a member's expense from the team's list; a saved receipt is removed only after asking", async ({ page }) => {
  const member = await newPerson('Theo Taxi');
  const w = await seedExpenseWorld('admin-edit', member.id);
  const receipt = await call<{ id: number }>('POST', '/attachments', member.apiKey, { name: 'taxi.png', content: PNG.toString('base64') });
  await call('POST', '/expenses', member.apiKey, { category: w.meals.id, date: today(), amount: 1500, details: 'Taxi to the client', attachments: [receipt.id] });
  await useKeySessionOn(page, process.env.E2E_API_URL!, adaKey());
  await page.goto(`/expenses?person=${member.id}`);
  await expect(page.getByLabel('Whose')).toHaveValue(String(member.id));
  const row = page.getByRole('row').filter({ hasText: 'Taxi to the client' });
  await expect(row).toContainText(member.name);
  await expect(row).toContainText('Not billable');
  await row.getByText('Taxi to the client').click();

  const dialog = page.getByRole('dialog', { name: 'Edit expense' });
  // Admins choose billable whatever the project.
  await dialog.getByRole('checkbox', { name: 'Billable to the client' }).check();
  await dialog.getByLabel('Amount').fill('18.75');
  await dialog.getByRole('button', { name: 'Remove taxi.png' }).click();
  const ask = page.getByRole('dialog', { name: 'Remove this receipt?' });
  await expect(ask).toContainText('taxi.png comes off the expense when you save it.');
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('button', { name: 'Download taxi.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove taxi.png' }).click();
  await page.getByRole('dialog', { name: 'Remove this receipt?' }).getByRole('button', { name: 'Remove receipt' }).click();
  await expect(dialog.getByRole('button', { name: 'Download taxi.png' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('$18.75');
  await expect(row).not.toContainText('Not billable');
  const [saved] = await call<{ amount: number; billable: boolean; attachments: unknown[] }[]>('GET', '/expenses', member.apiKey);
  expect(saved).toMatchObject({ amount: 1875, billable: true, attachments: [] });
});

test('an admin edits a category and deletes one with its expenses', async ({ page }) => {
  const member = await newPerson('Carla Categories');
  const w = await seedExpenseWorld('cat-remove', member.id);
  await call('POST', '/expenses', member.apiKey, { category: w.meals.id, date: today(), amount: 700, details: 'Soon gone' });
  await useKeySessionOn(page, process.env.E2E_API_URL!, adaKey());
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Categories' }).click();
  const dialog = page.getByRole('dialog', { name: 'Expense categories' });
  await dialog.getByRole('button', { name: `Edit ${w.mileage.name}` }).click();
  await dialog.getByLabel('Price per unit').fill('0.65');
  await dialog.getByLabel('Unit name').fill('Kilometres');
  await dialog.getByRole('button', { name: 'Save category' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: w.mileage.name })).toContainText('$0.65 per kilometre');

  await dialog.getByRole('button', { name: `Delete ${w.meals.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${w.meals.name}?` });
  await confirm.getByRole('radio', { name: 'Delete the expense too' }).check();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete it and 1 expense' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: w.meals.name })).toHaveCount(0);
  expect(await call<unknown[]>('GET', '/expenses', member.apiKey)).toEqual([]);
  const mileage = (await call<{ id: number; unitPrice: number; unitName: string }[]>('GET', '/expenses/categories', adaKey())).find((c) => c.id === w.mileage.id);
  expect(mileage).toMatchObject({ unitPrice: 65, unitName: 'Kilometres' });
});

test('a receipt shows its progress while it uploads, and can be cancelled and sent again', async ({ page }) => {
  const { member, dialog } = await openNewExpense(page, 'Uma Upload');
  // A slow line (8 KB/s up): the upload of a 1 MB PDF takes two minutes, so it is still on its way however long
  // the checks of the uploading state take (at 64 KB/s it once finished before Cancel was pressed).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 8 * 1024 });
  const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 32)]);
  await pickReceipts(page, [{ name: 'hotel.pdf', mimeType: 'application/pdf', buffer: big }]);
  const item = dialog.getByRole('listitem').filter({ hasText: 'hotel.pdf' });
  await expect(item.getByRole('status')).toHaveText('Uploading');
  await expect(item.getByRole('progressbar', { name: 'Uploading hotel.pdf' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'uploading-1360');
  await item.getByRole('button', { name: 'Cancel hotel.pdf' }).click();
  await expect(item.getByRole('status')).toHaveText('Cancelled');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await item.getByRole('button', { name: 'Retry hotel.pdf' }).click();
  await expectUploaded(page, 'hotel.pdf');
  await dialog.getByLabel('Amount').fill('120');
  await dialog.getByRole('button', { name: 'Save expense' }).click();
  await expect(dialog).toBeHidden();
  const [saved] = await call<{ attachments: { name: string }[] }[]>('GET', '/expenses', member.apiKey);
  expect(saved!.attachments.map((a) => a.name)).toEqual(['hotel.pdf']);
});

test('a receipt pasted into the form or dropped onto it uploads like a chosen one', async ({ page }) => {
  const { member, dialog } = await openNewExpense(page, 'Paula Paste');
  await dialog.getByLabel('Amount').fill('6.50');
  const zone = dialog.getByRole('group', { name: 'Receipts' });
  const files = (name: string, b64: string, type: string) =>
    page.evaluateHandle(
      ([n, b, t]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([Uint8Array.from(atob(b), (c) => c.charCodeAt(0))], n, { type: t }));
        return dt;
      },
      [name, b64, type] as const,
    );
  await zone.focus();
  // What Ctrl+V of a copied image delivers to the focused drop zone.
  await zone.evaluate((el, dt) => el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true })), await files('screenshot.png', PNG.toString('base64'), 'image/png'));
  await expectUploaded(page, 'screenshot.png');
  await zone.dispatchEvent('drop', { dataTransfer: await files('invoice.pdf', PDF.toString('base64'), 'application/pdf') });
  await expectUploaded(page, 'invoice.pdf');
  await dialog.getByRole('button', { name: 'Save expense' }).click();
  await expect(dialog).toBeHidden();
  const [saved] = await call<{ attachments: { name: string }[] }[]>('GET', '/expenses', member.apiKey);
  expect(saved!.attachments.map((a) => a.name).sort()).toEqual(['invoice.pdf', 'screenshot.png']);
});

test('with the keyboard only: add an expense with a receipt, then open it again from the list', async ({ page }) => {
  const member = await newPerson('Kim Keys');
  const w = await seedExpenseWorld('keys', member.id);
  await useKeySessionOn(page, process.env.E2E_API_URL!, member.apiKey);
  await page.goto('/expenses');
  await expect(page.getByText(/No expenses in these dates/)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Add expense' }));
  await page.keyboard.press('Enter');
  const dialog = form(page);
  await tabTo(page, dialog.getByLabel('Category'));
  // A closed list picks the option whose name is typed (in full: other tests' categories start alike).
  await page.keyboard.type(w.meals.name);
  await expect(dialog.getByLabel('Category')).toHaveValue(String(w.meals.id));
  await tabTo(page, dialog.getByLabel('Amount'));
  await page.keyboard.type('12.30');
  await tabTo(page, dialog.getByLabel('Details'));
  await page.keyboard.type('Keyboard coffee');
  await tabTo(page, dialog.getByRole('button', { name: 'Choose files' }));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: PNG });
  await expectUploaded(page, 'coffee.png');
  await tabTo(page, dialog.getByRole('button', { name: 'Save expense' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'Keyboard coffee' });
  await expect(row).toContainText('$12.30');
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit expense' });
  await expect(edit.getByLabel('Amount')).toHaveValue('12.30');
  await expect(edit.getByRole('button', { name: 'Download coffee.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
});

test('a limited member is told why there are no expenses for them', async ({ page }) => {
  const limited = await newPerson('Lena Limited', 'member_limited');
  await useKeySessionOn(page, process.env.E2E_API_URL!, limited.apiKey);
  await page.goto('/expenses');
  await expect(page.getByRole('note').filter({ hasText: 'log expenses' })).toHaveText(/You can’t log expenses because limited members have no expenses/);
  await expect(page.getByRole('button', { name: 'Add expense' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('the form reaches the camera and the list reads in one column', async ({ page }) => {
    const member = await newPerson('Pete Phone');
    const w = await seedExpenseWorld('phone-look', member.id);
    const receipt = await call<{ id: number }>('POST', '/attachments', member.apiKey, { name: 'fuel.png', content: PNG.toString('base64') });
    await call('POST', '/expenses', member.apiKey, { category: w.mileage.id, date: today(), quantity: 42, details: 'Site visit out of town', project: w.project.id, attachments: [receipt.id] });
    await useKeySessionOn(page, process.env.E2E_API_URL!, member.apiKey);
    await page.goto('/expenses');
    await expect(page.getByRole('row').filter({ hasText: 'Site visit out of town' })).toContainText('$24.36');
    await shot(page, 'list-with-receipt-375');
    await page.getByRole('button', { name: 'Add expense' }).click();
    const dialog = form(page);
    await dialog.getByLabel('Category').selectOption({ label: `${w.mileage.name} ($0.58 per mile)` });
    await dialog.getByLabel('Quantity (miles)').fill('3');
    await expect(dialog.locator('output')).toHaveText('= $1.74');
    const camera = dialog.getByRole('button', { name: 'Take a photo' });
    await camera.scrollIntoViewIfNeeded();
    await expect(camera).toBeVisible();
    await pickReceipts(page, [{ name: 'ticket.png', mimeType: 'image/png', buffer: PNG }]);
    await expectUploaded(page, 'ticket.png');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/screens/expenses-form-receipts-375.png' });
  });
});
