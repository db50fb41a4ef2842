import { z } from 'zod';
import { roundingModes, roundingPers, roundingSteps } from './rounding-choices.ts';

/**
 * Billing rounding (docs/dashboards.md, "Rounding"): round time up, down or to the nearest step of minutes,
 * either each time record (`entry`) or the sum of a row's time on one project (`total`). Stored time never
 * changes; reports and new invoice lines show the rounded figure beside the recorded one.
 */
export { roundingModes, roundingPers, roundingSteps } from './rounding-choices.ts';

export const roundingRule = z.object({
  mode: z.enum(roundingModes),
  /** Minutes. */
  step: z.literal(roundingSteps),
  per: z.enum(roundingPers),
});
export type RoundingRule = z.infer<typeof roundingRule>;

/** A team's rule: null = no rounding. */
export const teamRounding = z.object({ rounding: roundingRule.nullable() });
export type TeamRounding = z.infer<typeof teamRounding>;

/** A project's override: null = the team's rule; `none` = no rounding on this project; else its own rule. */
export const projectRounding = z.union([roundingRule, z.literal('none')]).nullable();
export type ProjectRounding = z.infer<typeof projectRounding>;

/** The rule in force on a project: its override, else the team's. */
export const effectiveRule = (override: ProjectRounding | undefined, team: RoundingRule | null): RoundingRule | null =>
  override === 'none' ? null : (override ?? team);

/**
 * `seconds` rounded by `rule` (null: unchanged) to a multiple of `step` minutes: `up` to the next multiple
 * (an exact multiple stays), `down` to the previous one, `nearest` to the closer one with halves going up.
 * 0 stays 0 in every mode.
 */
export function roundSeconds(seconds: number, rule: RoundingRule | null): number {
  if (!rule) return seconds;
  const step = rule.step * 60;
  if (rule.mode === 'up') return Math.ceil(seconds / step) * step;
  if (rule.mode === 'down') return Math.floor(seconds / step) * step;
  return Math.floor((2 * seconds + step) / (2 * step)) * step;
}

