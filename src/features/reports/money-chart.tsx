import { useMemo } from 'react';
import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import type { MoneyBar } from './chart-data.ts';
import { plainTick } from './chart-axis.tsx';
import { ChartFigure } from './chart-figure.tsx';
import { useChartLanes } from './chart-lanes.tsx';
import { moneyBarLines, moneyBarText } from './chart-summary.ts';
import { shortenOf } from './time-chart.tsx';
import { useChartPalette } from './use-chart-palette.ts';

export interface MoneyChartProps {
  title: string;
  summary: string;
  bars: readonly MoneyBar[];
  /** Admins: costs and profit beside the billable amount. */
  withCosts: boolean;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const compactOf = (v: string | number) => compact.format(Number(v));

/** Billable amount against costs and profit per row (grouped bars), amounts in money units on the axis. */
export function MoneyChart({ title, summary, bars, withCosts }: MoneyChartProps) {
  const palette = useChartPalette();
  const { box, lane, focused, hover } = useChartLanes(bars.length, (i) => moneyBarText(bars[i]!, withCosts));
  const data = bars.map((b) => ({ ...b, billableUnits: b.billableAmount / 100, costsUnits: b.costs / 100, profitUnits: b.profit / 100 }));
  const axis = { stroke: palette.axis };
  const height = Math.max(120, bars.length * (withCosts ? 54 : 34) + 40);
  const ticks = useMemo(() => ({ money: plainTick(palette.axis, compactOf), name: plainTick(palette.axis, shortenOf) }), [palette.axis]);
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
      {(width) => (
        <BarChart
          data={data}
          layout="vertical"
          width={width}
          height={height}
          accessibilityLayer={false}
          margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
        >
          <XAxis type="number" tick={ticks.money} interval={0} {...axis} />
          <YAxis type="category" dataKey="label" width={130} tick={ticks.name} interval={0} {...axis} />
          <Bar
            zIndex={0}
            dataKey="billableUnits"
            name="Billable amount"
            fill={palette.billable}
            background={lane}
            isAnimationActive={false}
          />
          {withCosts && <Bar zIndex={0} dataKey="costsUnits" name="Costs" fill={palette.costs} isAnimationActive={false} />}
          {withCosts && <Bar zIndex={0} dataKey="profitUnits" name="Profit" fill={palette.profit} isAnimationActive={false} />}
        </BarChart>
      )}
    </ChartFigure>
  );
}
