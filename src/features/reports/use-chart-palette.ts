import { darkPalette, lightPalette, type ChartPalette } from './palette.ts';
import { useMedia } from './use-media.ts';

/** The chart colours for the colour scheme in use: dark on a dark screen, light otherwise and always on paper. */
export function useChartPalette(): ChartPalette {
  const dark = useMedia('(prefers-color-scheme: dark)');
  const print = useMedia('print');
  return dark && !print ? darkPalette : lightPalette;
}
