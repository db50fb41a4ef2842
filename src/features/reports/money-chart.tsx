import type { MoneyBar } from './chart-data.ts';
import { ChartFigure } from './chart-figure.tsx';
import { useChartLanes } from './chart-lanes.tsx';
import { moneyBarLines, moneyBarText } from './chart-summary.ts';
import { LazyMoneyPlot } from './lazy-plots.tsx';
import { useChartPalette } from './use-chart-palette.ts';

export interface MoneyChartProps {
  title: string;
  summary: string;
  bars: readonly MoneyBar[];
  /** Admins: costs and profit beside the billable amount. */
  withCosts: boolean;
}

/** Billable amount against costs and profit per row (grouped bars), amounts in money units on the axis. */
export function MoneyChart({ title, summary, bars, withCosts }: MoneyChartProps) {
  const palette = useChartPalette();
  const { box, lane, focused, hover } = useChartLanes(bars.length, (i) => moneyBarText(bars[i]!, withCosts));
  const height = Math.max(120, bars.length * (withCosts ? 54 : 34) + 40);
  const legend = [{ label: 'Billable amount', color: palette.billable }];
  if (withCosts) legend.push({ label: 'Costs', color: palette.costs }, { label: 'Profit', color: palette.profit });
  return (
    <ChartFigure
      title={title}
      summary={summary}
      height={height}
      empty={bars.length === 0}
      plotRef={box}
      legend={legend}
      lines={(i) => moneyBarLines(bars[i]!, withCosts)}
      focused={focused}
      hover={hover}
    >
      {(width) => <LazyMoneyPlot width={width} height={height} palette={palette} lane={lane} bars={bars} withCosts={withCosts} />}
    </ChartFigure>
  );
}
