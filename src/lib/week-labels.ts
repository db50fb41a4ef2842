// How the screens after the first name weeks: in URLs and API queries, and in the API's lock reasons.
import { weekNumberLabel } from './week.ts';

/** `2647` → `"2647"`, `2601` → `"2601"`, `901` → `"0901"`. */
export const weekParam = (weekId: number) => String(weekId).padStart(4, '0');

/** A lock reason from the API as people read it: `Week 2648 is pending approval` names the week as the app does, `Week 48`. */
export const readableLockReason = (reason: string) => reason.replace(/\bWeek (\d{4})\b/g, (_, id: string) => weekNumberLabel(Number(id)));
