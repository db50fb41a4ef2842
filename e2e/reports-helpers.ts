import { expect, type Page } from '@playwright/test';
import { adaKey } from './fixtures.ts';
import { call } from './timesheet-helpers.ts';

/** March 2025: no other journey logs time then, so every figure below is this file's own. */
export const RANGE = { from: '2025-03-01', to: '2025-03-31' };
export const rangeQuery = `from=${RANGE.from}&to=${RANGE.to}`;

export interface ReportWorld {
  adaId: number;
  clients: { ridge: number; quill: number };
  projects: { website: string; photos: string; catalogue: string; internal: string };
}

/**
 * A month worked out by hand (rates and costs per hour): Ada (admin) rate 100.00 cost 40.00, Sam
 * (supervisor) rate 80.00 cost 30.00.
 *   Ridge Bakery: Ridge website (hourly, 120.00 an hour) Ada 2:00 on 3 March, Sam 1:30 on 4 March, a billable
 *                 expense of 50.00 (Ada); Ridge photos (fixed fee 500.00) Ada 3:00 on 5 March.
 *   Quill Press:  Quill catalogue (hourly at each person's rate) Sam 4:00 on 10 March, Ada 1:00 on 11 March, a
 *                 cost expense of 20.00 (Sam); Quill internal (non-billable) Sam 2:00 on 12 March.
 */
export async function seedReports(samId: number): Promise<ReportWorld> {
  const key = adaKey();
  const me = await call<{ id: number }>('GET', '/users/me', key);
  // Global setup seeds it once before the workers start; a spec file's own call then finds it there.
  const known = await call<{ id: number; name: string }[]>('GET', '/clients', key);
  const found = await call<{ id: string; name: string }[]>('GET', '/projects', key);
  const client = (name: string) => known.find((c) => c.name === name)?.id;
  const projectId = (name: string) => found.find((p) => p.name === name)?.id ?? '';
  if (client('Ridge Bakery') && client('Quill Press'))
    return {
      adaId: me.id,
      clients: { ridge: client('Ridge Bakery')!, quill: client('Quill Press')! },
      projects: {
        website: projectId('Ridge website'),
        photos: projectId('Ridge photos'),
        catalogue: projectId('Quill catalogue'),
        internal: projectId('Quill internal'),
      },
    };
  await call('PUT', `/team/users/${me.id}`, key, { rate: 10000, cost: 4000 });
  await call('PUT', `/team/users/${samId}`, key, { rate: 8000, cost: 3000 });
  const ridge = await call<{ id: number }>('POST', '/clients', key, { name: 'Ridge Bakery' });
  const quill = await call<{ id: number }>('POST', '/clients', key, { name: 'Quill Press' });
  const project = async (name: string, client: number, billing: object, rate: object) => {
    const p = await call<{ id: string }>('POST', '/projects', key, { name, client, users: [me.id, samId] });
    await call('PUT', `/projects/${p.id}/billing`, key, { billing, rate });
    const task = await call<{ id: string }>('POST', `/projects/${p.id}/tasks`, key, { name: `${name} work` });
    return { id: p.id, task: task.id };
  };
  const website = await project('Ridge website', ridge.id, { type: 'hourly' }, { type: 'project_rate', rate: 12000 });
  const photos = await project('Ridge photos', ridge.id, { type: 'fixed_fee', fee: 50000 }, { type: 'project_rate', rate: 0 });
  const catalogue = await project('Quill catalogue', quill.id, { type: 'hourly' }, { type: 'user_rate' });
  const internal = await project('Quill internal', quill.id, { type: 'non_billable' }, { type: 'project_rate', rate: 0 });
  const time = (user: number, task: string, date: string, hours: number) =>
    call('POST', '/time', key, { user, task, date, time: hours * 3600 });
  await time(me.id, website.task, '2025-03-03', 2);
  await time(samId, website.task, '2025-03-04', 1.5);
  await time(me.id, photos.task, '2025-03-05', 3);
  await time(samId, catalogue.task, '2025-03-10', 4);
  await time(me.id, catalogue.task, '2025-03-11', 1);
  await time(samId, internal.task, '2025-03-12', 2);
  const category = await call<{ id: number }>('POST', '/expenses/categories', key, { name: 'Reports journey' });
  await call('POST', '/expenses', key, {
    category: category.id,
    date: '2025-03-06',
    amount: 5000,
    project: website.id,
    type: 'billable',
    user: me.id,
  });
  await call('POST', '/expenses', key, {
    category: category.id,
    date: '2025-03-13',
    amount: 2000,
    project: catalogue.id,
    type: 'cost',
    user: samId,
  });
  return {
    adaId: me.id,
    clients: { ridge: ridge.id, quill: quill.id },
    projects: { website: website.id, photos: photos.id, catalogue: catalogue.id, internal: internal.id },
  };
}

/** A headline figure's value as shown. */
export const headline = (page: Page, label: string) => page.locator(`[data-figure="${label}"]`);

/** A report table as text: headers, body rows and the totals row. */
export async function readTable(page: Page, name: string) {
  const table = page.getByRole('table', { name });
  // Skeleton rows (hidden from assistive technology) stand until the rows are drawn.
  await expect(table.locator('tbody tr:not([aria-hidden])').first()).toBeVisible();
  return table.evaluate((t) => {
    const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim());
    return {
      headers: cells(t.querySelector('thead tr')!),
      rows: [...t.querySelectorAll('tbody tr')].map(cells),
      total: t.querySelector('tfoot tr') ? cells(t.querySelector('tfoot tr')!) : [],
    };
  });
}

/** Picks columns of a table read by `readTable`, by header. */
export function columns(table: { headers: string[]; rows: string[][]; total: string[] }, wanted: string[]) {
  const at = wanted.map((w) => {
    const i = table.headers.indexOf(w);
    if (i < 0) throw new Error(`No column "${w}" in ${table.headers.join(', ')}`);
    return i;
  });
  return { rows: table.rows.map((r) => at.map((i) => r[i])), total: at.map((i) => table.total[i]) };
}

/** April 2025, for the member's own month: no other journey logs time then. */
export const MEMBER_RANGE = { from: '2025-04-01', to: '2025-04-30' };

/**
 * The member's April: 2:00 on 8 April on an hourly project at 90.00 an hour (billable), 1:00 on 9 April on a
 * non-billable one; the admin's 4:00 on the hourly project on 10 April, which the member must not see.
 */
export async function seedMemberMonth(memberId: number) {
  const key = adaKey();
  const me = await call<{ id: number }>('GET', '/users/me', key);
  const found = await call<{ id: string; name: string }[]>('GET', '/projects', key);
  if (found.some((p) => p.name === 'Member April billable')) return;
  const project = async (name: string, billing: object, rate: object) => {
    const p = await call<{ id: string }>('POST', '/projects', key, { name, users: [me.id, memberId] });
    await call('PUT', `/projects/${p.id}/billing`, key, { billing, rate });
    return (await call<{ id: string }>('POST', `/projects/${p.id}/tasks`, key, { name: `${name} work` })).id;
  };
  const billable = await project('Member April billable', { type: 'hourly' }, { type: 'project_rate', rate: 9000 });
  const unbilled = await project('Member April internal', { type: 'non_billable' }, { type: 'project_rate', rate: 0 });
  await call('POST', '/time', key, { user: memberId, task: billable, date: '2025-04-08', time: 2 * 3600 });
  await call('POST', '/time', key, { user: memberId, task: unbilled, date: '2025-04-09', time: 3600 });
  await call('POST', '/time', key, { user: me.id, task: billable, date: '2025-04-10', time: 4 * 3600 });
}
