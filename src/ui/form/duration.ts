import { z } from 'zod';
import { parseDuration } from '../../lib/parse-duration.ts';

/**
 * A duration typed the way the timesheet's grid reads it (`1:30`, `1.5`, `90m`, `2+0.5`), checked with the
 * same parser and given to the contract as seconds. Use it in a form's schema for a field shown with
 * `DurationField`: `addTimeBody.extend({ time: durationText })`.
 */
export const durationText = z.string().transform((text, ctx) => {
  const parsed = parseDuration(text);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.seconds;
});
