import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const TEAM_NAME = 'Northwind Studio';
export const ADA = { name: 'Ada Admin', email: 'ada@example.test', role: 'admin', password: 'correct horse battery staple' } as const;

/** The API key the CLI printed for Ada in the global setup. */
export function adaKey(): string {
  const key = process.env.E2E_API_KEY;
  if (!key) throw new Error('E2E_API_KEY is not set: run through playwright.config.ts (global setup)');
  return key;
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
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
