import type { Page, TestInfo } from '@playwright/test';
import { addDays, weekdayOf } from '../contract/weeks.ts';
import { adaKey, expect, test } from './fixtures.ts';
import { expectNoClippedTables } from './layout.ts';
import { apiUrl, call, useKeySessionOn, inviteAndAccept } from './timesheet-helpers.ts';

/*
 * Every table of the screens with row actions fits its card at a laptop, a small laptop and a phone, for the
 * admin and the supervisor: no sideways page scroll, no button cut by its cell, no first column scrolled away.
 */

const WIDTHS = [1024, 1360, 375] as const;
let counter = 0;
const weekdayFrom = (date: string) => (weekdayOf(date) === 6 ? addDays(date, 2) : weekdayOf(date) === 0 ? addDays(date, 1) : date);

/** A member with a long name, a pending request with a long note, an allocation; an invoice with time and expenses; a supervisor. */
async function seed() {
  const admin = adaKey();
  const n = `${Date.now().toString(36)}${++counter}`;
  const member = await inviteAndAccept<{ id: number; apiKey: string; name: string }>(admin, {
    name: `Tomasina Alvarez-Montgomery ${n}`,
    email: `tomasina-${n}@example.test`,
    role: 'member',
  });
  const supervisor = await inviteAndAccept<{ id: number; apiKey: string }>(admin, {
    name: `Sunita Overseer ${n}`,
    email: `sunita-${n}@example.test`,
    role: 'supervisor',
  });
  const type = await call<{ id: number }>('POST', '/resource-planner/time-off-types', admin, {
    name: `Parental leave ${n}`,
    color: '#2e7d32',
  });
  const today = new Date().toISOString().slice(0, 10);
  const year = today.slice(0, 4);
  await call('POST', '/allocations', admin, {
    user: member.id,
    timeOffType: type.id,
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    days: 25,
  });
  const day = weekdayFrom(addDays(today, 10));
  await call('POST', '/resource-planner/assignments/time-off', member.apiKey, {
    startDate: day,
    endDate: weekdayFrom(addDays(day, 3)),
    timeOffType: type.id,
    note: 'Family wedding abroad, flights already booked',
  });

  const project = await call<{ id: string; name: string }>('POST', '/projects', admin, {
    name: `Orchard website redesign ${n}`,
    users: [member.id],
  });
  await call('PUT', `/projects/${project.id}/billing`, admin, { billing: { type: 'hourly' }, rate: { type: 'project_rate', rate: 12000 } });
  const client = await call<{ id: number }>('POST', '/clients', admin, { name: `Orchard Growers ${n}`, projects: [project.id] });
  const task = await call<{ id: string }>('POST', `/projects/${project.id}/tasks`, admin, { name: 'Design' });
  await call('POST', '/time', member.apiKey, { task: task.id, date: today, time: 3 * 3600 });
  const travel = await call<{ id: number }>('POST', '/expenses/categories', admin, { name: `Travel ${n}`, color: '#1f6b45' });
  await call('POST', '/expenses', member.apiKey, {
    category: travel.id,
    date: today,
    amount: 4000,
    details: 'Train to the client',
    project: project.id,
    billable: true,
  });
  const invoice = await call<{ id: number }>('POST', `/clients/${client.id}/invoices`, admin, {});
  return { member, supervisor, invoiceId: invoice.id, projectId: project.id, clientId: client.id };
}

async function check(page: Page, info: TestInfo, who: string, path: string, heading: string | RegExp, name: string, table = true) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (table) await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    await page.screenshot({ path: info.outputPath(`${name}-${who}-${width}.png`), fullPage: true });
    await expectNoClippedTables(page);
  }
}

test('time off, timecards, expenses and invoices fit the admin’s screen at 1024, 1360 and 375 px', async ({ page }, info) => {
  test.setTimeout(180_000);
  const w = await seed();
  await useKeySessionOn(page, apiUrl(), adaKey());
  await check(page, info, 'admin', '/time-off', 'Time off', 'time-off');
  await expect(page.getByRole('table', { name: 'Requests awaiting a decision' })).toContainText('Family wedding');
  await check(page, info, 'admin', '/timecards', 'Timecards', 'timecards');
  await check(page, info, 'admin', '/expenses', 'Expenses', 'expenses');
  await check(page, info, 'admin', '/invoices', 'Invoices', 'invoices');
  await check(page, info, 'admin', `/invoices/${w.invoiceId}`, /INV-/, 'invoice');
});

test('time off, timecards and expenses fit the supervisor’s screen at 1024, 1360 and 375 px', async ({ page }, info) => {
  test.setTimeout(180_000);
  const w = await seed();
  await useKeySessionOn(page, apiUrl(), w.supervisor.apiKey);
  await check(page, info, 'supervisor', '/time-off', 'Time off', 'time-off');
  await check(page, info, 'supervisor', '/timecards', 'Timecards', 'timecards');
  await check(page, info, 'supervisor', '/expenses', 'Expenses', 'expenses');
});

test('every other admin screen fits at 1024, 1360 and 375 px', async ({ page }, info) => {
  test.setTimeout(300_000);
  const w = await seed();
  await useKeySessionOn(page, apiUrl(), adaKey());
  await check(page, info, 'admin', '/team', 'Team', 'team');
  await check(page, info, 'admin', '/clients', 'Clients', 'clients');
  await check(page, info, 'admin', `/clients/${w.clientId}`, /Orchard Growers/, 'client', false);
  await check(page, info, 'admin', '/projects', 'Projects', 'projects');
  await check(page, info, 'admin', `/projects/${w.projectId}/tasks`, /Orchard website redesign/, 'project-tasks', false);
  await check(page, info, 'admin', `/projects/${w.projectId}/team`, /Orchard website redesign/, 'project-team', false);
  await check(page, info, 'admin', `/projects/${w.projectId}/fields`, /Orchard website redesign/, 'project-fields', false);
  await check(page, info, 'admin', `/projects/${w.projectId}/billing`, /Orchard website redesign/, 'project-billing', false);
  await check(page, info, 'admin', `/projects/${w.projectId}/budget`, /Orchard website redesign/, 'project-budget', false);
  await check(page, info, 'admin', '/approvals', 'Approvals', 'approvals', false);
  await check(page, info, 'admin', '/approvals/team', 'Team week', 'team-week');
  await check(page, info, 'admin', '/reports/clients', 'Reports', 'reports-clients', false);
  await check(page, info, 'admin', '/reports/projects', 'Reports', 'reports-projects', false);
  await check(page, info, 'admin', '/reports/people', 'Reports', 'reports-people', false);
  await check(page, info, 'admin', '/integrations', /Integrations/, 'integrations', false);
});
