import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { MoneyBar } from './chart-data.ts';
import { moneyBarText } from './chart-summary.ts';
import { ChartFigure } from './chart-figure.tsx';
import { useChartLanes } from './chart-lanes.tsx';
import styles from './charts.module.css';
import { formatMoney } from './figure-format.ts';
import { useChartPalette } from './use-chart-palette.ts';

export interface MoneyChartProps {
  title: string;
  summary: string;
  bars: readonly MoneyBar[];
  /** Admins: costs and profit beside the billable amount. */
  withCosts: boolean;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const shorten = (s: string) => (s.length > 18 ? `${s.slice(0, 17)}\u2026` : s);

/** Billable amount against costs and profit per row (grouped bars), amounts in money units on the axis. */
export function MoneyChart({ title, summary, bars, withCosts }: MoneyChartProps) {
  const palette = useChartPalette();
  const { box, lane, focused } = useChartLanes(bars.length, (i) => moneyBarText(bars[i]!, withCosts));
  const data = bars.map((b) => ({ ...b, billableUnits: b.billableAmount / 100, costsUnits: b.costs / 100, profitUnits: b.profit / 100 }));
  const height = Math.max(160, bars.length * (withCosts ? 54 : 34) + 70);
  const axis = { stroke: palette.axis, tick: { fill: palette.axis, fontSize: 12 } };
  const Content = ({ active, payload }: TooltipContentProps) => {
    const bar = payload?.[0]?.payload as MoneyBar | undefined;
    if (!active || !bar) return null;
    return (
      <div className={styles.tooltip}>
        <strong>{bar.label}</strong>
        <span>Billable {formatMoney(bar.billableAmount)}</span>
        {withCosts && <span>Costs {formatMoney(bar.costs)}</span>}
        {withCosts && <span>Profit {formatMoney(bar.profit)}</span>}
      </div>
    );
  };
  return (
    <ChartFigure
      title={title}
      summary={summary}
      height={height}
      empty={bars.length === 0}
      plotRef={box}
      readout={focused !== null && bars[focused] ? moneyBarText(bars[focused], withCosts) : null}
    >
      <BarChart
        data={data}
        layout="vertical"
        responsive
        style={{ width: '100%', height: '100%' }}
        accessibilityLayer={false}
        margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
      >
        <CartesianGrid stroke={palette.grid} horizontal={false} />
        <XAxis type="number" tickFormatter={(v: number) => compact.format(v)} {...axis} />
        <YAxis type="category" dataKey="label" width={130} tickFormatter={shorten} interval={0} {...axis} />
        <ReferenceLine x={0} stroke={palette.axis} />
        <Tooltip content={Content} cursor={{ fill: palette.grid, opacity: 0.5 }} isAnimationActive={false} />
        <Legend wrapperStyle={{ fontSize: 13, color: palette.axis }} />
        <Bar dataKey="billableUnits" name="Billable amount" fill={palette.billable} background={lane} isAnimationActive={false} />
        {withCosts && <Bar dataKey="costsUnits" name="Costs" fill={palette.costs} isAnimationActive={false} />}
        {withCosts && <Bar dataKey="profitUnits" name="Profit" fill={palette.profit} isAnimationActive={false} />}
      </BarChart>
    </ChartFigure>
  );
}
