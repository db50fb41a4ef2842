import { loadLater, useLater } from '../../lib/load-later.ts';
import type { MoneyPlot, TimePlot } from './plots.tsx';

/**
 * The plots' chunk (recharts): the reports' loader starts it beside the figures' requests (`plots.load()`),
 * and a chart draws its plot once it is here; until then the plot's box stays empty at its final size. A chart on
 * screen is wanted: if the chunk cannot load, the user is told, and the next draw asks for it again.
 */
export const plots = loadLater(() => import('./plots.tsx'));

export function LazyTimePlot(props: Parameters<typeof TimePlot>[0]) {
  const code = useLater(plots, true);
  return code ? <code.TimePlot {...props} /> : null;
}

export function LazyMoneyPlot(props: Parameters<typeof MoneyPlot>[0]) {
  const code = useLater(plots, true);
  return code ? <code.MoneyPlot {...props} /> : null;
}
