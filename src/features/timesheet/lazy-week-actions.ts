/**
 * The week's editing code (keys, paste and copy, undo, comments, removing rows, copying last week) is not
 * needed to draw the week: it loads just after the grid is drawn. What the user does before it arrives waits
 * for it in order (`withWeekActions`), and runs as soon as it is here; if it cannot load, the user is told and
 * the next action asks for it again (what waits is kept). See `loadLater`.
 */
import { loadLater } from '../../lib/load-later.ts';

export type WeekActions = typeof import('./week-actions.ts');

export const {
  load: loadWeekActions,
  use: withWeekActions,
  /** The editing code when it is here and nothing waits for it (so a new action may run at once). */
  now: weekActionsNow,
  /** Whether something the user did waits for the editing code. */
  waits: somethingWaits,
} = loadLater(() => import('./week-actions.ts'));
