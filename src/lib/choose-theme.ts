// The user menu's choice of theme (loaded with the menu; the first screen only applies the saved one).
import { applyTheme, THEME_KEY, type Theme } from './theme.ts';

/** Remembers the choice and applies it. */
export function chooseTheme(theme: Theme, storage: Storage = window.localStorage): void {
  try {
    if (theme === 'system') storage.removeItem(THEME_KEY);
    else storage.setItem(THEME_KEY, theme);
  } catch {
    // Without storage the choice lasts for this visit.
  }
  applyTheme(theme);
}
