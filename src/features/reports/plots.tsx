import { useMemo, type ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { MoneyBar, TimeBar } from './chart-data.ts';
import { labelInterval, plainTick } from './chart-axis.tsx';
import type { ChartPalette } from './palette.ts';

/**
 * The charts' plots, drawn with recharts: the one part of the reports screen that needs it, in a chunk of
 * its own (lazy-plots.ts) so that the figures, legends and table draw without waiting for it.
 */

/** What every plot is handed by its chart: its box, its colours and the focus lanes (chart-lanes.tsx). */
interface PlotProps {
  width: number;
  height: number;
  palette: ChartPalette;
  /** Draws one category's lane as the background of its bar. */
  lane: (shape: object) => ReactElement | null;
}

const hoursTick = (h: number) => `${Math.round(h * 10) / 10}h`;
const hoursOf = (v: string | number) => hoursTick(Number(v));
const shorten = (s: string) => (s.length > 18 ? `${s.slice(0, 17)}\u2026` : s);
const shortenOf = (v: string | number) => shorten(String(v));
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const compactOf = (v: string | number) => compact.format(Number(v));
const margin = { top: 4, right: 16, bottom: 4, left: 4 };

/** Time split billable / non-billable, stacked: one bar per row (`rows`) or one column per day or week. */
export function TimePlot({ width, height, palette, lane, bars, rows }: PlotProps & { bars: readonly TimeBar[]; rows: boolean }) {
  const longestLabel = Math.max(0, ...bars.map((b) => b.label.length));
  const axis = { stroke: palette.axis };
  const ticks = useMemo(
    () => ({ hours: plainTick(palette.axis, hoursOf), name: plainTick(palette.axis, shortenOf), date: plainTick(palette.axis, String) }),
    [palette.axis],
  );
  return (
    <BarChart
      data={bars as TimeBar[]}
      layout={rows ? 'vertical' : 'horizontal'}
      width={width}
      height={height}
      accessibilityLayer={false}
      margin={margin}
    >
      {rows ? (
        <>
          <XAxis type="number" tick={ticks.hours} interval={0} {...axis} />
          <YAxis type="category" dataKey="label" width={130} tick={ticks.name} interval={0} {...axis} />
        </>
      ) : (
        <>
          {/* Lines across at each hour mark: a column's height is read against them. */}
          <CartesianGrid stroke={palette.grid} vertical={false} />
          {/* As many date labels as fit the plot (its width less the hours axis and margins), spaced evenly. */}
          <XAxis dataKey="label" tick={ticks.date} interval={labelInterval(bars.length, longestLabel, width - 64)} {...axis} />
          <YAxis tick={ticks.hours} interval={0} width={44} {...axis} />
        </>
      )}
      <Bar zIndex={0} dataKey="billable" name="Billable" stackId="time" fill={palette.billable} background={lane} isAnimationActive={false} />
      <Bar zIndex={0} dataKey="nonBillable" name="Non-billable" stackId="time" fill={palette.nonBillable} isAnimationActive={false} />
    </BarChart>
  );
}

/** Billable amount against costs and profit per row (grouped bars), amounts in money units on the axis. */
export function MoneyPlot({ width, height, palette, lane, bars, withCosts }: PlotProps & { bars: readonly MoneyBar[]; withCosts: boolean }) {
  const data = bars.map((b) => ({ ...b, billableUnits: b.billableAmount / 100, costsUnits: b.costs / 100, profitUnits: b.profit / 100 }));
  const axis = { stroke: palette.axis };
  const ticks = useMemo(() => ({ money: plainTick(palette.axis, compactOf), name: plainTick(palette.axis, shortenOf) }), [palette.axis]);
  return (
    <BarChart data={data} layout="vertical" width={width} height={height} accessibilityLayer={false} margin={margin}>
      <XAxis type="number" tick={ticks.money} interval={0} {...axis} />
      <YAxis type="category" dataKey="label" width={130} tick={ticks.name} interval={0} {...axis} />
      <Bar zIndex={0} dataKey="billableUnits" name="Billable amount" fill={palette.billable} background={lane} isAnimationActive={false} />
      {withCosts && <Bar zIndex={0} dataKey="costsUnits" name="Costs" fill={palette.costs} isAnimationActive={false} />}
      {withCosts && <Bar zIndex={0} dataKey="profitUnits" name="Profit" fill={palette.profit} isAnimationActive={false} />}
    </BarChart>
  );
}
