import type { z } from 'zod';
import type { billingSchema } from './billing-schema.ts';

/** How a project bills, as the billing form offers it. */
export const billingModes = ['non_billable', 'project_rate', 'user_rate', 'user_cost', 'fixed_fee'] as const;

/** The billing form's values, and the same once checked. */
export type BillingValues = z.input<typeof billingSchema>;
export type BillingChecked = z.output<typeof billingSchema>;
