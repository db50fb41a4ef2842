import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const TEAM_NAME = 'Northwind Studio';
export const ADA = { name: 'Ada Admin', email: 'ada@example.test', role: 'admin', password: 'correct horse battery staple' } as const;

/** The only admin of a second team (made by the global setup), whose key is `E2E_SOLO_ADMIN_KEY`. */
export const SOLO_ADMIN = { name: 'Sol Only', email: 'sol-only@example.test', team: 'Solo Studio' } as const;

export function soloAdminKey(): string {
  const key = process.env.E2E_SOLO_ADMIN_KEY;
  if (!key) throw new Error('E2E_SOLO_ADMIN_KEY is not set: run through playwright.config.ts (global setup)');
  return key;
}

/** The admin of a team of its own for the two-factor journeys (its requirement must not reach the shared team); key in `E2E_TWO_FACTOR_ADMIN_KEY`. */
export const TWO_FACTOR_ADMIN = { name: 'Tove Factor', email: 'tove-factor@example.test', team: 'Two-factor Studio' } as const;

export function twoFactorAdminKey(): string {
  const key = process.env.E2E_TWO_FACTOR_ADMIN_KEY;
  if (!key) throw new Error('E2E_TWO_FACTOR_ADMIN_KEY is not set: run through playwright.config.ts (global setup)');
  return key;
}

/** The admin of a team of its own for the automatic-lock journey (its lock and reminders must not reach the shared team); key in `E2E_AUTO_LOCK_ADMIN_KEY`. */
export const AUTO_LOCK_ADMIN = { name: 'Lotte Lock', email: 'lotte-lock@example.test', team: 'Locksmith Studio' } as const;

export function autoLockAdminKey(): string {
  const key = process.env.E2E_AUTO_LOCK_ADMIN_KEY;
  if (!key) throw new Error('E2E_AUTO_LOCK_ADMIN_KEY is not set: run through playwright.config.ts (global setup)');
  return key;
}

/** The API key the CLI printed for Ada in the global setup. */
export function adaKey(): string {
  const key = process.env.E2E_API_KEY;
  if (!key) throw new Error('E2E_API_KEY is not set: run through playwright.config.ts (global setup)');
  return key;
}

/**
 * Members the global setup makes with the CLI, with a password, so the browser can sign them in through
 * the OAuth pages (members made with `inviteAndAccept` all share one password); `role` defaults to member. Each belongs to ONE test: that
 * test expects a member with an empty week, and the member only ever gets time through it.
 */
export const PASSWORD_MEMBERS = {
  keys: { name: 'Mia Keyboard', email: 'mia-keyboard@example.test', password: 'mia keyboard journey 1' },
  phone: { name: 'Mia Phone', email: 'mia-phone@example.test', password: 'mia phone journey 1' },
  signOut: { name: 'Sam Signout', email: 'sam-signout@example.test', password: 'sam sign out journey 1' },
  remembered: { name: 'Rita Remembered', email: 'rita-remembered@example.test', password: 'rita remembered journey 1' },
  reviewed: { name: 'Rosa Reviewed', email: 'rosa-reviewed@example.test', password: 'rosa reviewed journey 1' },
  reviewer: { name: 'Sam Supervisor', email: 'sam-supervisor@example.test', password: 'sam supervisor journey 1', role: 'supervisor' },
  reports: { name: 'Sol Reports', email: 'sol-reports@example.test', password: 'sol reports journey 1', role: 'supervisor' },
  reportsMember: { name: 'Mo Ownhours', email: 'mo-ownhours@example.test', password: 'mo own hours journey 1' },
  refused: { name: 'Rafa Refused', email: 'rafa-refused@example.test', password: 'rafa refused journey 1' },
  refusedPhone: { name: 'Rhea Refused', email: 'rhea-refused@example.test', password: 'rhea refused journey 1' },
  lost: { name: 'Luca Lost', email: 'luca-lost@example.test', password: 'luca lost journey 1' },
  timecards: { name: 'Tia Timecard', email: 'tia-timecard@example.test', password: 'tia timecard journey 1' },
  teamCards: { name: 'Tariq Teamcard', email: 'tariq-teamcard@example.test', password: 'tariq teamcard journey 1' },
  todaySupervisor: { name: 'Sid Today', email: 'sid-today@example.test', password: 'sid today journey 1', role: 'supervisor' },
  apps: { name: 'Ines Integrator', email: 'ines-integrator@example.test', password: 'ines connects apps 1' },
  clients: { name: 'Cleo Planter', email: 'cleo-planter@example.test', password: 'cleo plants budgets 1' },
  tasksManager: { name: 'Theo Tasks', email: 'theo-tasks@example.test', password: 'theo arranges tasks 1', role: 'supervisor' },
  tasksReader: { name: 'Rory Reader', email: 'rory-reader@example.test', password: 'rory reads tasks 1' },
  clientsReader: { name: 'Rex Reader', email: 'rex-reader@example.test', password: 'rex reads projects 1' },
  timeOff: { name: 'Tara Timeoff', email: 'tara-timeoff@example.test', password: 'tara time off journey 1' },
  timeOffPhone: { name: 'Opal Timeoff', email: 'opal-timeoff@example.test', password: 'opal time off journey 1' },
} as const satisfies Record<string, { name: string; email: string; password: string; role?: 'member' | 'supervisor' | 'admin' }>;
export type PasswordMemberSlot = keyof typeof PASSWORD_MEMBERS;

export interface PasswordMember {
  id: number;
  name: string;
  email: string;
  password: string;
  apiKey: string;
}

const takenSlots = new Set<PasswordMemberSlot>();

/** The pre-made member for `slot` (from E2E_MEMBERS, set by the global setup); each slot is taken once per run. */
export function passwordMember(slot: PasswordMemberSlot): PasswordMember {
  const raw = process.env.E2E_MEMBERS;
  if (!raw) throw new Error('E2E_MEMBERS is not set: run through playwright.config.ts (global setup)');
  const member = (JSON.parse(raw) as Partial<Record<PasswordMemberSlot, PasswordMember>>)[slot];
  if (!member) throw new Error(`E2E_MEMBERS has no member "${slot}": add it to PASSWORD_MEMBERS`);
  if (takenSlots.has(slot)) throw new Error(`The password member "${slot}" is already used by another test: give each test its own`);
  takenSlots.add(slot);
  return member;
}

export const test = base;
export { expect };

/** Opens the API-key form when it is still folded away. */
export async function openApiKeyForm(page: Page) {
  const toggle = page.getByRole('button', { name: 'Use an API key instead' });
  await expect(toggle.or(page.getByLabel('API key')).first()).toBeVisible();
  if (await toggle.isVisible()) await toggle.click();
}

/** Signs in with an API key on the sign-in screen. */
export async function signIn(page: Page, apiKey: string) {
  await openApiKeyForm(page);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in with the API key' }).click();
}

/** Fails with the list of rules when axe finds anything on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  // Scan a settled page: a toast fading in or out has, for a moment, the contrast of a half-drawn element.
  const settled = () =>
    page
      .waitForFunction(
        () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        null,
        {
          timeout: 3000,
        },
      )
      .catch(() => undefined);
  const scan = async () => {
    await settled();
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations.map((v) => ({ text: `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`, v }));
  };
  let found = await scan();
  // A toast that began to fade while axe read it: scan once more when it has finished; a real lack of contrast stays.
  const onlyFadingToast = (f: typeof found) =>
    f.length > 0 && f.every(({ v }) => v.id === 'color-contrast' && v.nodes.every((n) => n.target.join(' ').includes('.toast')));
  if (onlyFadingToast(found)) found = await scan();
  expect(found.map((f) => f.text)).toEqual([]);
}

/** Opens a screen from the navigation as a user would: its link in the sidebar, or under More in the phone's bottom bar. */
export async function openScreen(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name: label, exact: true });
  const more = nav.getByRole('button', { name: /^More/ });
  // The navigation is drawn first (the shell may still be loading): then the link shows, or More holds it.
  await expect(link.or(more).first()).toBeVisible();
  if (!(await link.first().isVisible())) await more.click();
  await link.first().click();
}
