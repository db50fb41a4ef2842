import { expect, test } from './fixtures.ts';
import { apiUrl, call, cell, seedWorld, signInWithKey } from './timesheet-helpers.ts';

test('a save whose answer is lost on the way back is sent again with the same key and applied once', async ({ page }) => {
  const w = await seedWorld('lost answer');
  const task = w.tasks[0]!;
  await call('POST', '/time', w.member.apiKey, { time: 3600, date: w.dates[0], task: task.id });
  await signInWithKey(page, w.member.apiKey, '/timesheet');

  // The first POST /time reaches the server and is applied, but the connection drops before its answer arrives.
  const keys: string[] = [];
  await page.route(`${apiUrl()}/time`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });

  const target = cell(page, task.name, w.dates[1]!);
  await target.focus();
  await page.keyboard.type('2:15');
  await page.keyboard.press('Enter');
  // Sent again on its own (the saver retries a dropped connection every few seconds).
  await expect.poll(() => keys.length, { timeout: 20_000 }).toBe(2);
  await expect(page.getByRole('status').filter({ hasText: 'not saved yet' })).toHaveCount(0, { timeout: 10_000 });
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);

  // The server applied the change once: one ADD of the typed value, never double, no correction needed.
  const [record] = await call<{ id: number }[]>('GET', `/users/${w.member.id}/time?from=${w.dates[1]}&to=${w.dates[1]}`, w.member.apiKey);
  const detail = await call<{ time: number; history: { action: string; time: number }[] }>('GET', `/time/${record!.id}`, w.member.apiKey);
  expect(detail.time).toBe(8100);
  expect(detail.history.map((h) => [h.action, h.time])).toEqual([['ADD', 8100]]);
  await expect(target).toHaveValue('2:15');
});
