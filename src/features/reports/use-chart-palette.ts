import { useSyncExternalStore } from 'react';
import { darkPalette, lightPalette, type ChartPalette } from './palette.ts';
import { useMedia } from './use-media.ts';

/**
 * Whether the page is drawn dark: the theme chosen in the user menu (`data-theme` on the root, src/lib/theme.ts),
 * else the system's. Follows a change of either.
 */
function useDarkTheme(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia('(prefers-color-scheme: dark)');
      list.addEventListener('change', onChange);
      const observer = new MutationObserver(onChange);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
      return () => {
        list.removeEventListener('change', onChange);
        observer.disconnect();
      };
    },
    () => {
      const chosen = document.documentElement.dataset.theme;
      return chosen ? chosen === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    },
    () => false,
  );
}

/** The chart colours for the theme in effect; light when printing. */
export function useChartPalette(): ChartPalette {
  const dark = useDarkTheme();
  const print = useMedia('print');
  return dark && !print ? darkPalette : lightPalette;
}
