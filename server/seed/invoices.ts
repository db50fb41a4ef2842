import type { teams, users } from '../db/schema/index.ts';
import type { Scope } from '../db/scope.ts';
import { addDays } from '../../contract/weeks.ts';
import { toDate } from '../lib/time.ts';
import { createInvoice } from '../modules/invoices/service.ts';

/**
 * One draft invoice for the demo: client Helix's hourly time (user rates) of the demo's first two weeks,
 * made as the admin would make it, so the invoices screen and the dashboards' uninvoiced amount have
 * something to show.
 */
export async function seedDemoInvoice(
  scope: Scope,
  admin: typeof users.$inferSelect,
  team: typeof teams.$inferSelect,
  clientId: number,
  now: Date,
  firstDay: string,
) {
  const caller = { user: admin, team, credential: { kind: 'apiKey' as const, key: 'demo-seed' } };
  const till = addDays(toDate(now), -14);
  return createInvoice(
    scope,
    caller,
    clientId,
    { limitDateFrom: firstDay, limitDateTill: till, tax: { rate: 10 }, publicNotes: 'Payable within 30 days.' },
    now,
  );
}
