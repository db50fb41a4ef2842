/** Light, dark, or whatever the system says (the default). */
export type Theme = 'light' | 'dark' | 'system';

export const THEME_KEY = 'timekeep.theme';

export function savedTheme(storage: Storage): Theme {
  try {
    const value = storage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Sets the theme on the page (the tokens read `data-theme`); `system` leaves it to the system. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}
