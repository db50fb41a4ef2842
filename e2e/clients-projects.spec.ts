import type { Page, TestInfo } from '@playwright/test';
import { dateAtOffset } from '../contract/weeks.ts';
import { ADA, adaKey, expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call, cell, inviteAndAccept } from './timesheet-helpers.ts';

/*
 * Clients and projects in the browser against the real API: an admin gives a client a monthly money budget
 * with a threshold, puts a project under it billed at people's rates with an override, and watches the bar
 * cross the threshold as time is logged; a budget that disallows going over makes the member's grid refuse
 * a cell with the reason; the member reads projects without money. A project with three weeks of time shows
 * its burn chart and the day the budget runs out.
 */

test.describe.configure({ timeout: 300_000 });

const ada = { email: ADA.email, password: ADA.password, apiKey: '' };
const n = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const DAY = 86_400_000;
const addDays = (d: string, k: number) => new Date(Date.parse(`${d}T00:00:00Z`) + k * DAY).toISOString().slice(0, 10);

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

test('an admin gives a client a budget and a project billed at people’s rates; the bar crosses the threshold', async ({ page }, info) => {
  ada.apiKey = adaKey();
  const member = passwordMember('clients');
  const today = dateAtOffset(new Date(), 0);
  const clientName = `Orchid ${n()}`;
  const projectName = `Greenhouse ${n()}`;
  await page.setViewportSize({ width: 1360, height: 900 });

  // The list, then a new client.
  await page.goto('/clients');
  await signInAs(page, ada);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page).toHaveTitle('Clients · Timekeep');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'New client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New client' });
  await dialog.getByLabel('Name').fill(clientName);
  await dialog.getByLabel('Business details').fill(`${clientName} Ltd\n4 Kew Road, London`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByRole('heading', { level: 1, name: clientName })).toBeVisible();
  const clientId = Number(/\/clients\/(\d+)/.exec(page.url())![1]);

  // A monthly money budget of 1,000.00 with an alert at 50 %: each option is explained.
  await expect(page.getByText('Starts again on the first of every month.')).toBeVisible();
  await expect(page.getByText('Time or expenses that would take use past 100 % are refused, with the reason.')).toBeVisible();
  await page.getByLabel('Budget type').selectOption('money');
  await page.getByLabel('Amount').fill('1000');
  await page.getByLabel('Period').selectOption('monthly');
  await page.getByLabel('Alert threshold (%)').fill('50');
  await page.getByRole('button', { name: 'Set budget' }).click();
  const meter = page.getByRole('meter', { name: /Monthly money budget/ });
  await expect(meter).toHaveAttribute('aria-valuetext', '0 %');
  await expect(page.getByText('$0.00 of $1,000.00').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // A project under the client, from the Projects screen.
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.getByRole('button', { name: 'New project' }).first().click();
  const newProject = page.getByRole('dialog', { name: 'New project' });
  await newProject.getByLabel('Name').fill(projectName);
  await newProject.getByLabel('Client').selectOption({ label: clientName });
  await expectNoAxeViolations(page);
  await newProject.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL(/\/projects\/ev%3A\d+|\/projects\/ev:\d+/);
  const projectId = decodeURIComponent(/\/projects\/(ev(?::|%3A)\d+)/.exec(page.url())![1]!);

  // Team: the member joins by keyboard.
  await page.goto(`/projects/${projectId}/team`);
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
  await expect(page.getByText(`Client: ${clientName}`)).toBeVisible();
  // The open tab is marked current, whichever way the address spells the id (`ev:4` or `ev%3A4`).
  const tabs = page.getByRole('navigation', { name: 'Project' });
  await expect(tabs.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.locator('[aria-current]')).toHaveCount(1);
  await page.goto(`/projects/${encodeURIComponent(projectId)}/budget`);
  await expect(tabs.getByRole('link', { name: 'Budget' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.locator('[aria-current]')).toHaveCount(1);
  await tabs.getByRole('link', { name: 'Team' }).click();
  await expect(tabs.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Add a person').selectOption({ label: member.name });
  await page.getByRole('button', { name: 'Add', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Remove ${member.name} from ${projectName}` })).toBeVisible();
  await expectNoAxeViolations(page);

  // Billing: hourly at people's rates, the member's rate overridden to 100.00 on this project.
  await page.getByRole('link', { name: 'Billing and rates' }).click();
  await page.getByLabel('Billing type').selectOption('user_rate');
  await page.getByLabel(`Rate of ${member.name}`).fill('100');
  await expectNoAxeViolations(page);
  await shot(page, info, 'billing-1360');
  await page.getByRole('button', { name: 'Save billing' }).click();
  await expect(page.getByText(`Billing of ${projectName} is saved.`)).toBeVisible();
  const saved = await call<{ billing: { type: string }; rate: { type: string; userRateOverrides: Record<string, number> } }>(
    'GET',
    `/projects/${projectId}`,
    ada.apiKey,
  );
  expect(saved.billing.type).toBe('hourly');
  expect(saved.rate.type).toBe('user_rate');
  expect(saved.rate.userRateOverrides[String(member.id)]).toBe(10000);

  // Time through the API: 4 h at 100.00 is 40 %, under the threshold; 2 h more is 60 %, past it.
  const task = await call<{ id: string }>('POST', `/projects/${projectId}/tasks`, ada.apiKey, { name: 'Potting' });
  await call('POST', '/time', member.apiKey, { task: task.id, date: today, time: 4 * 3600 });
  await page.goto(`/clients/${clientId}`);
  await expect(meter).toHaveAttribute('aria-valuetext', '40 %');
  await expect(page.getByText('$400.00 of $1,000.00').first()).toBeVisible();
  await expect(page.getByText('Past threshold')).toHaveCount(0);
  await call('POST', '/time', member.apiKey, { task: task.id, date: today, time: 2 * 3600 });
  await page.reload();
  await expect(meter).toHaveAttribute('aria-valuetext', '60 %, past threshold');
  await expect(page.getByText('Past threshold').first()).toBeVisible();
  await expect(page.getByText('$400.00 left')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, info, 'client-1360');
});

/*
 * Not yet seen green: written at the end of a session whose machine was too loaded to run it to its end.
 * The steps are those of the journey above (which passed to its threshold check), seeded through the API.
 */
test('the client list shows the state; over budget is refused in the grid; a member reads projects without money', async ({
  page,
  browser,
}, info) => {
  ada.apiKey = adaKey();
  const member = passwordMember('clientsReader');
  const today = dateAtOffset(new Date(), 0);
  const clientName = `Orchid ${n()}`;
  const projectName = `Greenhouse ${n()}`;
  const project = await call<{ id: string }>('POST', '/projects', ada.apiKey, { name: projectName, users: [member.id] });
  const projectId = project.id;
  const client = await call<{ id: number }>('POST', '/clients', ada.apiKey, { name: clientName, projects: [projectId] });
  const clientId = client.id;
  await call('PUT', `/clients/${clientId}/budget`, ada.apiKey, { type: 'money', budget: 100000, period: 'monthly', threshold: 50 });
  await call('PUT', `/projects/${projectId}/billing`, ada.apiKey, {
    billing: { type: 'hourly' },
    rate: { type: 'user_rate', userRateOverrides: { [member.id]: 10000 } },
  });
  const task = await call<{ id: string }>('POST', `/projects/${projectId}/tasks`, ada.apiKey, { name: 'Potting' });
  await call('POST', '/time', member.apiKey, { task: task.id, date: today, time: 6 * 3600 });
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto('/clients');
  await signInAs(page, ada);
  const meter = page.getByRole('meter', { name: /Monthly money budget/ });

  // The list shows the same state, and the project under the client.
  await page.goto(`/clients?q=${encodeURIComponent(clientName)}`);
  const row = page.getByRole('row', { name: new RegExp(clientName) });
  await expect(row).toContainText('Past threshold');
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await shot(page, info, 'clients-1360');

  // Disallow over budget.
  await page.goto(`/clients/${clientId}`);
  await page.getByRole('checkbox', { name: 'Disallow over budget' }).check();
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(page.getByText(`The budget of ${clientName} is saved.`)).toBeVisible();

  // The member: the grid refuses 5 h more (110 %) with the reason.
  const memberContext = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const mp = await memberContext.newPage();
  await mp.goto('/timesheet');
  await signInAs(mp, member);
  // The row is there with the day's 6:00; 11:00 would add 5 h (500.00), 110 % of the budget.
  const target = cell(mp, 'Potting', today);
  await expect(target).toHaveValue('6:00');
  await target.fill('11');
  await target.press('Enter');
  const reason = new RegExp(
    `This would exceed the monthly money budget of client "${clientName}" \\(\\d+ % used\\), which does not allow going over budget`,
  );
  await expect(mp.getByRole('status').filter({ hasText: 'refused' })).toContainText(reason);
  await expect(target).toHaveAccessibleDescription(reason);

  // The member reads projects: no New project, no money, no billing tab, no team changes.
  await mp.goto('/projects');
  await expect(mp.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(mp.getByRole('button', { name: 'New project' })).toHaveCount(0);
  const memberRow = mp.getByRole('row', { name: new RegExp(projectName) });
  await expect(memberRow).toContainText(clientName);
  await expect(memberRow).toContainText('Hourly');
  await expect(memberRow).not.toContainText('$');
  await expectNoAxeViolations(mp);
  await mp.goto(`/projects/${projectId}/team`);
  await expect(mp.locator('main').getByText(member.name, { exact: true })).toBeVisible();
  await expect(mp.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(mp.getByRole('link', { name: 'Billing and rates' })).toHaveCount(0);
  await expect(mp.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expectNoAxeViolations(mp);
  await mp.goto(`/projects/${projectId}/budget`);
  await expect(mp.getByText('This project’s budget is not shown to members.')).toBeVisible();
  await expect(mp.locator('main')).not.toContainText('$');
  await mp.goto('/clients');
  await expect(mp.getByText(/You can’t see clients/)).toBeVisible();
  await mp.setViewportSize({ width: 375, height: 740 });
  await mp.goto('/projects');
  await expect(memberRow).toBeVisible();
  await expectNoAxeViolations(mp);
  await shot(mp, info, 'projects-member-375');
  await memberContext.close();

  // Phone size for the admin's lists and the client's budget.
  await page.setViewportSize({ width: 375, height: 740 });
  // Each list fits the phone's width: the name, a line under it and the budget stacked, nothing cut off.
  const fitsWidth = async (label: string) => {
    const table = page.getByRole('table', { name: label });
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(1);
    for (const meter of await table.getByRole('meter').all()) expect((await meter.boundingBox())!.x + (await meter.boundingBox())!.width).toBeLessThanOrEqual(375);
  };
  await page.goto('/clients');
  await expect(page.getByRole('row', { name: new RegExp(clientName) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(clientName) }).getByRole('meter')).toBeVisible();
  await fitsWidth('Clients');
  await expectNoAxeViolations(page);
  await shot(page, info, 'clients-375');
  await page.goto(`/clients/${clientId}`);
  await expect(meter).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, info, 'client-375');
  await page.goto('/projects');
  await expect(page.getByRole('row', { name: new RegExp(projectName) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(projectName) })).toContainText(clientName);
  await fitsWidth('Projects');
  await expectNoAxeViolations(page);
  await shot(page, info, 'projects-375');
});

test('a project with three weeks of time shows its burn chart and when the budget runs out', async ({ page }, info) => {
  ada.apiKey = adaKey();
  const today = dateAtOffset(new Date(), 0);
  const name = `Seedbank ${n()}`;
  const worker = await inviteAndAccept<{ id: number; apiKey: string }>(ada.apiKey, {
    name: `Wes ${n()}`,
    email: `wes-${n()}@example.test`,
    role: 'member',
  });
  const project = await call<{ id: string }>('POST', '/projects', ada.apiKey, { name, users: [worker.id] });
  // 100 h from 27 days ago (28 days to today), and 2 h on each of the last 21 days: 42 h.
  await call('PUT', `/projects/${project.id}/billing`, ada.apiKey, {
    budget: { type: 'time', budget: 100 * 3600, period: 'general', appliedFrom: addDays(today, -27), threshold: 80 },
  });
  const task = await call<{ id: string }>('POST', `/projects/${project.id}/tasks`, ada.apiKey, { name: 'Sorting' });
  for (let d = -20; d <= 0; d++) await call('POST', '/time', worker.apiKey, { task: task.id, date: addDays(today, d), time: 2 * 3600 });

  // By hand: 42 h over 28 days is 1.5 h a day; the 58 h left take 38.7 days, so the 39th day from today.
  const runsOut = addDays(today, 39);
  const sameYear = runsOut.slice(0, 4) === today.slice(0, 4);
  const expected = new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${runsOut}T00:00:00Z`));

  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto(`/projects/${project.id}/budget`);
  await signInAs(page, ada);
  await expect(page.getByTestId('forecast')).toHaveText(`At this pace the budget runs out on ${expected} (in 39 days).`);
  await expect(page.getByText(/Assumes the average since .*, 1\.5 h a day over 28 calendar days \(weekends included\)/)).toBeVisible();
  await expect(page.locator('.recharts-surface')).toBeVisible();
  // Both level lines are drawn inside the plot: the budget (100 h, with its label) and today.
  await expect(page.locator('.recharts-reference-line-line')).toHaveCount(2);
  await expect(page.locator('.recharts-surface text').filter({ hasText: /^Budget$/ })).toBeVisible();
  // The budget line stands at 100 h on the chart's own scale (read off two of its hour ticks).
  const budgetAt = await page.locator('.recharts-surface').evaluate((svg) => {
    const middle = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.top + r.height / 2;
    };
    const ticks = [...svg.querySelectorAll('.recharts-cartesian-axis-tick-value')]
      .filter((t) => /^\d+ h$/.test(t.textContent ?? ''))
      .map((t) => ({ hours: parseFloat(t.textContent!), y: middle(t) }));
    const line = [...svg.querySelectorAll('.recharts-reference-line-line')].find((l) => l.getAttribute('y1') === l.getAttribute('y2'))!;
    const [a, b] = [ticks[0]!, ticks.at(-1)!];
    return a.hours + ((middle(line) - a.y) * (b.hours - a.hours)) / (b.y - a.y);
  });
  expect(budgetAt).toBeCloseTo(100, 0);
  await expect(page.getByRole('meter', { name: /Overall time budget: 42 h of 100 h used/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, info, 'budget-1360');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.locator('.recharts-surface')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, info, 'budget-375');
});
