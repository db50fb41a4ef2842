import { expect, type Page } from '@playwright/test';
import { dateAtOffset, weekDates, weekIdOf, shiftWeek } from '../contract/weeks.ts';
import { adaKey } from './fixtures.ts';

/** Seeding through the real API with the admin key from the global setup. */
export const apiUrl = () => process.env.E2E_API_URL!;

export async function call<T>(method: string, path: string, key: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { 'X-Api-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The password `inviteAndAccept` chooses for the people it invites. */
export const INVITED_PASSWORD = 'invited and joined 1';

/**
 * Invites a user through `POST /team/users` with the admin's `key`, then accepts the invitation as the person does
 * (the form of the link's page, with INVITED_PASSWORD): the user is active, their API key works and they can sign in
 * with their email and that password. Answers the invite's answer.
 */
export async function inviteAndAccept<T extends object = Member>(
  key: string,
  body: Record<string, unknown>,
): Promise<T> {
  const invited = await call<T & { invitationUrl: string }>('POST', '/team/users', key, body);
  const token = new URL(invited.invitationUrl).searchParams.get('token') ?? '';
  const res = await fetch(`${apiUrl()}/invitation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, password: INVITED_PASSWORD, confirm: INVITED_PASSWORD }).toString(),
  });
  if (!res.ok) throw new Error(`Accepting the invitation of ${String(body.email)} answered ${res.status}: ${await res.text()}`);
  return invited;
}

export interface Member {
  id: number;
  name: string;
  email: string;
  apiKey: string;
}
export interface World {
  member: Member;
  tasks: { id: string; name: string }[];
  projectName: string;
  clientName: string;
  /** This week's id and dates (Monday start, UTC). */
  weekId: number;
  dates: string[];
  today: string;
}

let counter = 0;

/**
 * A fresh member with a project of four tasks (and a client), all through the API. With `member` (a
 * pre-made member from `passwordMember`, who can sign in with a password), that member is used instead
 * of making one; its week must still be empty, so each pre-made member belongs to one test.
 */
export async function seedWorld(label: string, opts: { member?: Member } = {}): Promise<World> {
  const admin = adaKey();
  const n = `${Date.now().toString(36)}${++counter}`;
  const member =
    opts.member ?? (await inviteAndAccept<Member>(admin, { name: `Mia ${label}`, email: `mia-${n}@example.test`, role: 'member' }));
  const projectName = `Harbour ${label} ${n}`;
  const project = await call<{ id: string }>('POST', '/projects', admin, { name: projectName, users: [member.id] });
  const clientName = `Bluefin ${n}`;
  await call('POST', '/clients', admin, { name: clientName, projects: [project.id] });
  const tasks = [];
  for (const name of ['Design review', 'Sprint planning', 'Support tickets', 'Client workshop']) {
    tasks.push(await call<{ id: string; name: string }>('POST', `/projects/${project.id}/tasks`, admin, { name }));
  }
  const today = dateAtOffset(new Date(), 0);
  const weekId = weekIdOf(today, 1);
  return { member, tasks, projectName, clientName, weekId, dates: weekDates(weekId, 1), today };
}

export const lastWeekDates = (w: World) => weekDates(shiftWeek(w.weekId, -1), 1);

/** Seconds per (task, date) of the member's records, from the server. */
export async function serverTime(w: World, from = w.dates[0]!, to = w.dates[6]!) {
  const list = await call<{ time: number; date: string; task: { id: string } | null }[]>('GET', `/users/${w.member.id}/time?from=${from}&to=${to}`, w.member.apiKey);
  return list.reduce((s, r) => s + r.time, 0);
}

/** Signs the member in with their API key ("Use an API key instead"): members made through the API have no password. */
export async function signInWithKey(page: Page, key: string, path = '/') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Use an API key instead' }).click();
  await page.getByRole('textbox', { name: 'API key' }).fill(key);
  await page.getByRole('button', { name: 'Sign in with the API key' }).click();
  await expect(page.getByRole('grid', { name: 'Week timesheet' }).or(page.getByText('Nothing logged this week'))).toBeVisible();
}

/** Signs in on `serverUrl` (the TCP proxy) by saving an API-key session the app restores on load. */
export async function useKeySessionOn(page: Page, serverUrl: string, key: string) {
  await page.goto('/sign-in');
  await page.evaluate(
    ([url, k]) => {
      localStorage.setItem('timekeep.server', url!);
      localStorage.setItem('timekeep.session', JSON.stringify({ baseUrl: url, credential: { kind: 'apiKey', apiKey: k } }));
    },
    [serverUrl, key],
  );
}

export const dayLabel = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  const wd = d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const md = d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${wd}, ${md}`;
};

/** The input of a cell by its task and date, the way a screen reader names it. */
export const cell = (page: Page, task: string, date: string) =>
  page.getByRole('grid', { name: 'Week timesheet' }).getByRole('textbox', { name: new RegExp(`^${task} ${dayLabel(date)}(, today)?$`) });

export async function addRow(page: Page, taskName: string, projectName: string) {
  await page.getByRole('button', { name: 'Add row' }).click();
  const box = page.getByRole('combobox', { name: 'Add a task to the week' });
  // The whole name: other journeys' projects share these task names. The option is picked by pointer: with
  // the suite's many same-named tasks the list can still change while keys move through it.
  await box.fill(taskName);
  const option = page.getByRole('option', { name: new RegExp(`^${taskName}`) }).filter({ hasText: projectName });
  await option.click();
  await expect(page.getByRole('rowheader', { name: new RegExp(taskName) })).toBeVisible();
}

export const weekTotal = (page: Page) => page.getByTestId('week-total');
