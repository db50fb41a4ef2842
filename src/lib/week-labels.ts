// How the screens after the first name weeks: in URLs and API queries, and in the API's lock reasons.
import { userLocale, weekNumberLabel } from './week.ts';

/** `2647` → `"2647"`, `2601` → `"2601"`, `901` → `"0901"`. */
export const weekParam = (weekId: number) => String(weekId).padStart(4, '0');

/**
 * A lock reason from the API as people read it: `Week 2648 is pending approval` names the week as the app
 * does (`Week 48`), and `Approved on 2026-11-16 10:40:00 (week 2646)` reads `Week 46 was approved on Nov 16`.
 */
export function readableLockReason(reason: string, locale = userLocale()): string {
  const approved = /^Approved on (\d{4}-\d{2}-\d{2})[^(]*\(week (\d{4})\)$/.exec(reason);
  if (approved) {
    const on = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${approved[1]!}T00:00:00Z`));
    return `${weekNumberLabel(Number(approved[2]))} was approved on ${on}`;
  }
  return reason.replace(/\bWeek (\d{4})\b/g, (_, id: string) => weekNumberLabel(Number(id)));
}
