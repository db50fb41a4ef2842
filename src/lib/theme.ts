/** Light, dark, or whatever the system says (the default). */
export type Theme = 'light' | 'dark' | 'system';

const KEY = 'timekeep.theme';

export function savedTheme(storage: Storage): Theme {
  try {
    const value = storage.getItem(KEY);
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

/** Remembers the choice and applies it. */
export function chooseTheme(theme: Theme, storage: Storage = window.localStorage): void {
  try {
    if (theme === 'system') storage.removeItem(KEY);
    else storage.setItem(KEY, theme);
  } catch {
    // Without storage the choice lasts for this visit.
  }
  applyTheme(theme);
}
