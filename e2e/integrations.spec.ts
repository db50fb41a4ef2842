import { adaKey, expect, expectNoAxeViolations, openScreen, passwordMember, test } from './fixtures.ts';
import { connectThirdPartyApp, openWithKey, refresh, startReceiver } from './integrations-helpers.ts';
import { apiUrl, call, seedWorld, signInWithKey, type Member, inviteAndAccept } from './timesheet-helpers.ts';

const shots = process.env.E2E_SHOTS_DIR;

test('the API key: reveal, copy, rotate; the old key is refused and this browser keeps working with the new one', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const n = Date.now().toString(36);
  const member = await inviteAndAccept<Member>(adaKey(), { name: 'Rosa Rotate', email: `rosa-${n}@example.test`, role: 'member' });
  await signInWithKey(page, member.apiKey);
  await openScreen(page, 'Integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const card = page.getByRole('region', { name: 'API key' });
  await expect(card.getByText(member.apiKey)).toHaveCount(0);
  await card.getByRole('button', { name: 'Reveal API key' }).click();
  await expect(card.getByText(member.apiKey)).toBeVisible();
  await card.getByRole('button', { name: 'Copy API key' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(member.apiKey);
  await expectNoAxeViolations(page);
  if (shots) await page.screenshot({ path: `${shots}/integrations-key.png`, fullPage: true });

  await card.getByRole('button', { name: 'Rotate key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace your API key?' });
  await expect(dialog).toContainText('stops working at once');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Replace the key' }).click();
  await expect(page.getByText('Your API key is new.')).toBeVisible();
  await card.getByRole('button', { name: 'Reveal API key' }).click();
  const shown = (await card.getByText(/^tk_/).textContent())!;
  expect(shown).toMatch(/^tk_/);
  expect(shown).not.toBe(member.apiKey);

  const old = await fetch(`${apiUrl()}/users/me`, { headers: { 'X-Api-Key': member.apiKey } });
  expect(old.status).toBe(401);
  const fresh = await fetch(`${apiUrl()}/users/me`, { headers: { 'X-Api-Key': shown } });
  expect(fresh.status).toBe(200);
  // This browser was signed in with the old key: it switched to the new one, so a reload stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rosa Rotate' })).toBeVisible();
});

test('connected apps: a third-party app the user allowed is listed, and once revoked its refresh token is refused', async ({ page, browser }) => {
  const user = passwordMember('apps');
  const receiver = await startReceiver();
  try {
    const appPage = await (await browser.newContext()).newPage();
    const app = await connectThirdPartyApp(appPage, user, receiver.url, 'Ledger Bot');
    // The app works: its refresh token gives a new one (refresh tokens rotate).
    const { refreshToken } = await refresh(app.clientId, app.refreshToken);
    expect(refreshToken).toBeTruthy();

    await openWithKey(page, user.apiKey, '/integrations');
    const card = page.getByRole('region', { name: 'Connected apps' });
    const row = card.getByRole('listitem').filter({ hasText: 'Ledger Bot' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(receiver.url);
    await expect(row).toContainText('last used');
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/integrations-apps.png`, fullPage: true });

    await row.getByRole('button', { name: /Revoke Ledger Bot/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Ledger Bot?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    await expect(page.getByText('Ledger Bot can no longer use your account.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(card).toContainText('No apps yet');
    expect(await refresh(app.clientId, refreshToken!)).toEqual({ error: 'invalid_grant' });
  } finally {
    await receiver.close();
  }
});

test('assistants: the /mcp address is shown and copyable, with what the assistant can do', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWithKey(page, adaKey(), '/integrations');
  const card = page.getByRole('region', { name: 'Assistants' });
  await expect(card.getByText(`${apiUrl()}/mcp`, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Copy assistant address' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${apiUrl()}/mcp`);
  await expect(card).toContainText('Submit my week');
  await expectNoAxeViolations(page);
});

test('webhooks: a failed handshake says why; once fixed the hook is created, a time change shows in the log, a failure is filtered and redelivered', async ({ page }) => {
  test.setTimeout(180_000);
  const w = await seedWorld('hooks');
  const receiver = await startReceiver();
  receiver.state.status = 500;
  try {
    await page.setViewportSize({ width: 1360, height: 900 });
    await openWithKey(page, w.member.apiKey, '/integrations');
    const card = page.getByRole('region', { name: 'Webhooks' });
    await expect(card).toContainText('No webhooks yet');
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await card.getByLabel('Target URL').fill(`${receiver.url}/hook`);
    await card.getByRole('checkbox', { name: 'Time updated' }).check();
    await card.getByRole('button', { name: 'Create webhook' }).click();
    const failure = card.getByRole('alert').filter({ hasText: 'The handshake failed' });
    await expect(failure).toContainText('HTTP 500: receiver is down (500)');
    await expect(failure).toContainText('X-Hook-Secret');
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/hooks-handshake-failed.png`, fullPage: true });

    receiver.state.status = 200;
    await card.getByRole('button', { name: 'Create webhook' }).click();
    await expect(card.getByText('Webhook created: the handshake passed')).toBeVisible();
    const hook = card.getByRole('region', { name: `Webhook ${receiver.url}/hook` });
    await expect(hook).toContainText('Active');
    await expectNoAxeViolations(page);

    await call('POST', '/time', w.member.apiKey, { time: 3600, date: w.today, task: w.tasks[0]!.id });
    await hook.getByRole('button', { name: 'Deliveries' }).click();
    const log = hook.getByRole('table', { name: `Deliveries to ${receiver.url}/hook` });
    await expect(log.getByRole('row').filter({ hasText: 'api:time:updated' }).filter({ hasText: 'HTTP 200' })).toHaveCount(1, { timeout: 20_000 });

    receiver.state.status = 503;
    await call('POST', '/time', w.member.apiKey, { time: 1800, date: w.today, task: w.tasks[0]!.id });
    await hook.getByRole('checkbox', { name: 'Only failures' }).check();
    const failed = log.getByRole('row').filter({ hasText: 'HTTP 503' });
    await expect(failed.first()).toBeVisible({ timeout: 20_000 });
    await expect(log.getByRole('row').filter({ hasText: 'HTTP 200' })).toHaveCount(0);
    await expect(failed.first()).toContainText('receiver is down (503)');
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/hooks-failures.png`, fullPage: true });

    receiver.state.status = 200;
    await failed.first().getByRole('button', { name: /Redeliver/ }).click();
    await expect(page.getByText('Sent again')).toBeVisible();
    await hook.getByRole('checkbox', { name: 'Only failures' }).uncheck();
    await expect(log.getByRole('row').filter({ hasText: 'HTTP 200' })).toHaveCount(2, { timeout: 20_000 });

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(card.getByRole('button', { name: 'Add webhook' })).toBeVisible();
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/integrations-phone.png`, fullPage: true });
  } finally {
    await receiver.close();
  }
});

test('webhooks: edit a hook’s events; turn it off and nothing is delivered, turn it on again and deliveries resume', async ({ page }) => {
  test.setTimeout(180_000);
  const w = await seedWorld('hooks-toggle');
  const receiver = await startReceiver();
  const target = `${receiver.url}/toggle`;
  const deliveries = () => receiver.state.received.filter((r) => r.headers['x-hook-event']);
  try {
    const created = await call<{ id: number }>('POST', '/hooks', w.member.apiKey, { targetUrl: target, events: ['api:time:updated'] });
    await page.setViewportSize({ width: 1360, height: 900 });
    await openWithKey(page, w.member.apiKey, '/integrations');
    const hook = page.getByRole('region', { name: `Webhook ${target}` });
    await expect(hook).toContainText('Active');

    await hook.getByRole('button', { name: /^Edit events and project/ }).click();
    await expect(hook.getByLabel('Target URL')).toHaveAttribute('readonly', '');
    await hook.getByRole('checkbox', { name: 'Timer started' }).check();
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/hooks-edit.png`, fullPage: true });
    await hook.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Webhook saved: the handshake passed.')).toBeVisible();
    await expect(hook).toContainText('api:time:updated, api:timer:started');
    const saved = await call<{ events: string[] }>('GET', `/hooks/${created.id}`, w.member.apiKey);
    expect(saved.events).toEqual(['api:time:updated', 'api:timer:started']);

    await hook.getByRole('button', { name: 'Turn off' }).click();
    await expect(hook).toContainText('Turned off by you');
    await expect(hook.getByText('Off', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/hooks-off.png`, fullPage: true });
    // A change while the hook is off. A hook's deliveries go out in order, so had this one been kept, it
    // would arrive before the change made once the hook is on again; below, only that later one arrives.
    await call('POST', '/time', w.member.apiKey, { time: 900, date: w.today, task: w.tasks[1]!.id });

    await hook.getByRole('button', { name: 'Turn on again' }).click();
    await expect(page.getByText('The webhook is on again')).toBeVisible();
    await expect(hook.getByText('Active', { exact: true })).toBeVisible();
    await call('POST', '/time', w.member.apiKey, { time: 1200, date: w.today, task: w.tasks[2]!.id });
    // The first delivery to arrive is the change made after it was on again: nothing from the time it was off.
    await expect.poll(() => deliveries().length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(deliveries()[0]!.body).toContain('"time":1200');

    await hook.getByRole('button', { name: 'Deliveries' }).click();
    const log = hook.getByRole('table', { name: `Deliveries to ${target}` });
    const redeliver = log.getByRole('button', { name: /Redeliver/ });
    await expect(redeliver).toHaveCount(1);
    await expect(redeliver).toBeInViewport();
    expect(await log.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/hooks-log-1360.png`, fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(redeliver).toBeInViewport();
    await redeliver.click();
    await expect(page.getByText('Sent again')).toBeVisible();
    await expectNoAxeViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/hooks-log-375.png`, fullPage: true });
  } finally {
    await receiver.close();
  }
});
