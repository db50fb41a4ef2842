import { useSyncExternalStore } from 'react';
import { darkPalette, lightPalette, type ChartPalette } from './palette.ts';

const queries = () => [window.matchMedia('(prefers-color-scheme: dark)'), window.matchMedia('print')];

function subscribe(onChange: () => void) {
  const qs = queries();
  for (const q of qs) q.addEventListener('change', onChange);
  return () => qs.forEach((q) => q.removeEventListener('change', onChange));
}

/** Dark on a dark screen; light otherwise, and always on paper. */
const isDark = () => {
  const [dark, print] = queries();
  return Boolean(dark?.matches) && !print?.matches;
};

/** The chart colours for the colour scheme in use, following changes (and printing) as they happen. */
export function useChartPalette(): ChartPalette {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  return dark ? darkPalette : lightPalette;
}
