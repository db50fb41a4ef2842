import { formatMoney } from '../../lib/money.ts';
import { BUDGET_CURRENCY } from '../budgets/format.ts';
import type { Project } from './api.ts';

export const money = (cents: number) => formatMoney(cents, { currency: BUDGET_CURRENCY });

/** How a project bills, as its billing and rate say: one of the four choices of the Billing tab. */
export type BillingMode = 'non_billable' | 'project_rate' | 'user_rate' | 'user_cost' | 'fixed_fee';

export const billingModeLabels: Record<BillingMode, string> = {
  non_billable: 'Non-billable',
  project_rate: 'Hourly, at the project rate',
  user_rate: 'Hourly, at each person’s rate',
  user_cost: 'Hourly, at each person’s cost',
  fixed_fee: 'Fixed fee',
};

export function billingMode(p: Pick<Project, 'billing' | 'rate'>): BillingMode {
  if (p.billing.type === 'non_billable') return 'non_billable';
  if (p.billing.type === 'fixed_fee') return 'fixed_fee';
  return p.rate?.type ?? 'project_rate';
}

/** The billing column: the mode in words; the fee and project rate only for those who see them. */
export function billingSummary(p: Pick<Project, 'billing' | 'rate'>): string {
  if (p.billing.type === 'non_billable') return 'Non-billable';
  if (p.billing.type === 'fixed_fee') return p.billing.fee !== null ? `Fixed fee, ${money(p.billing.fee)}` : 'Fixed fee';
  if (!p.rate) return 'Hourly';
  if (p.rate.type === 'project_rate') return p.rate.rate !== null ? `Hourly, ${money(p.rate.rate)}/h` : 'Hourly, project rate';
  return billingModeLabels[p.rate.type];
}
