import { z } from 'zod';

/** Weekly capacity typed in hours, sent as seconds. */
export const hoursToSeconds = (hours: number) => Math.round(hours * 60) * 60;
export const secondsToHours = (seconds: number | undefined) => (seconds === undefined ? null : Math.round((seconds / 3600) * 100) / 100);

export const capacityHours = z
  .number({ error: 'Enter the hours a week, e.g. 40' })
  .min(0, 'Must not be negative')
  .max(168, 'A week has 168 hours')
  .transform(hoursToSeconds);

/** An empty money field is left out of the request. */
export const optionalCents = z
  .number({ error: 'Enter an amount' })
  .int()
  .min(0, 'Must not be negative')
  .max(2_147_483_647, 'Too large')
  .nullable()
  .transform((v) => v ?? undefined);

/**
 * What the edit form sends: the rate and cost only when changed, with the date they take effect (none: all
 * time), so saving the role alone writes no rate history.
 */
export function updateOf<T extends { rate?: number | undefined; cost?: number | undefined; effectiveFrom: string | null }>(
  user: { rate?: number | undefined; cost?: number | undefined },
  values: T,
) {
  const { rate, cost, effectiveFrom, ...rest } = values;
  const money = { ...(rate !== undefined && rate !== user.rate ? { rate } : {}), ...(cost !== undefined && cost !== user.cost ? { cost } : {}) };
  if (Object.keys(money).length === 0) return rest;
  return { ...rest, ...money, ...(effectiveFrom ? { effectiveFrom } : {}) };
}
