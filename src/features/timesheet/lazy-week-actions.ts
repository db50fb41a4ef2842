/**
 * The week's editing code (keys, paste and copy, undo, comments, removing rows, copying last week) is not
 * needed to draw the week: it loads just after the grid is drawn. What the user does before it arrives waits
 * for it in order, and runs as soon as it is here; if it cannot load, the user is told and the next action
 * asks for it again (what waits is kept).
 */
import { toast } from '../../ui/toast.tsx';

export type WeekActions = typeof import('./week-actions.ts');

let loaded: WeekActions | null = null;
let loading: Promise<WeekActions> | null = null;
const waiting: ((m: WeekActions) => void)[] = [];

export const loadWeekActions = () =>
  (loading ??= import('./week-actions.ts').then(
    (m) => (loaded = m),
    (e: unknown) => {
      loading = null; // the next use tries again
      throw e;
    },
  ));

export const cannotLoad = (what: string) => () =>
  toast(`${what} failed: part of the app could not load. Check the connection and try again.`, 'error');

/** The editing code when it is here and nothing waits for it (so a new action may run at once). */
export const weekActionsNow = () => (waiting.length ? null : loaded);

/** Whether something the user did waits for the editing code. */
export const somethingWaits = () => waiting.length > 0;

/** Runs `fn` once the editing code is here, in no particular order (for what only reads the latest state). */
export function whenWeekActions(fn: (m: WeekActions) => void) {
  if (loaded) fn(loaded);
  else void loadWeekActions().then(fn, () => undefined);
}

/** Runs `fn` with the editing code: at once when nothing waits, otherwise after what waits. */
export function withWeekActions(fn: (m: WeekActions) => void) {
  const now = weekActionsNow();
  if (now) return fn(now);
  waiting.push(fn);
  if (waiting.length === 1 || !loading)
    loadWeekActions().then((m) => {
      for (const f of waiting.splice(0)) f(m);
    }, cannotLoad('Editing'));
}
