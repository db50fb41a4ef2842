import { z } from 'zod';
import { cents } from '../../../contract/common.ts';
import { roundingSteps } from '../../../contract/rounding-choices.ts';
import { billingModes as modes } from './billing-choices.ts';

/** What the billing form checks before saving; imported when the form is drawn, so zod stays off the screen's first paint. */
export const billingSchema = z
  .object({
    mode: z.enum(modes),
    fee: cents.nullable(),
    rate: cents.nullable(),
    overrides: z.record(z.string(), z.object({ rate: cents.nullable(), cost: cents.nullable() })),
    rounding: z.enum(['team', 'none', 'custom']),
    roundingMode: z.enum(['up', 'down', 'nearest']),
    roundingStep: z.enum(roundingSteps.map(String) as [string, ...string[]]),
    roundingPer: z.enum(['entry', 'total']),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'fixed_fee' && v.fee === null) ctx.addIssue({ code: 'custom', path: ['fee'], message: 'Enter the fee' });
    if (v.mode === 'project_rate' && v.rate === null) ctx.addIssue({ code: 'custom', path: ['rate'], message: 'Enter the rate' });
  });
