import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartPalette } from '../reports/use-chart-palette.ts';
import styles from './burn.module.css';
import type { BurnPoint } from './forecast.ts';

export interface BurnChartProps {
  points: readonly BurnPoint[];
  budget: number;
  today: string;
  /** Amounts as the tooltip shows them (in the budget's unit). */
  format: (v: number) => string;
  /** The axis counts whole units of this many budget units (3600 for hours, 100 for money), with `unit` beside them. */
  divisor: number;
  unit: 'h' | '$' | '%';
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const tick = (d: string) => shortDay.format(new Date(`${d}T00:00:00Z`));

/**
 * Budget used over the period (area, to today) against the budget (a level line), and the forecast at the
 * current pace (dashed). Drawn with recharts, which loads with this file only (the Budget tab).
 */
export default function BurnChart({ points, budget, today, format, divisor, unit }: BurnChartProps) {
  const palette = useChartPalette();
  const axis = { stroke: palette.axis, tick: { fill: palette.axis, fontSize: 12 } };
  // Plotted in whole units (hours, dollars, percent) so the axis picks round ticks.
  const scaled = points.map((p) => ({
    date: p.date,
    used: p.used === null ? null : p.used / divisor,
    forecast: p.forecast === null ? null : p.forecast / divisor,
  }));
  const axisLabel = (v: number) => (unit === '$' ? `$${compact.format(v)}` : `${compact.format(v)} ${unit}`);
  return (
    <>
      <div className={styles.plot} aria-hidden="true">
        <ComposedChart
          data={scaled}
          responsive
          style={{ width: '100%', height: '100%' }}
          accessibilityLayer={false}
          margin={{ top: 22, right: 24, bottom: 4, left: 4 }}
        >
          <CartesianGrid stroke={palette.grid} vertical={false} />
          <XAxis dataKey="date" tickFormatter={tick} minTickGap={24} {...axis} />
          <YAxis domain={[0, 'auto']} tickFormatter={axisLabel} width={64} {...axis} />
          <Tooltip
            labelFormatter={(d) => tick(String(d))}
            formatter={(v, name) => [format(Number(v) * divisor), name === 'used' ? 'Used' : 'Forecast']}
            contentStyle={{ background: palette.surface, borderColor: palette.grid }}
          />
          <ReferenceLine
            y={budget / divisor}
            ifOverflow="extendDomain"
            stroke={palette.costs}
            strokeWidth={2}
            // Under its line, inside the plot; Today's label stands above the plot, in the margin: the two never meet.
            label={{ value: 'Budget', position: 'insideTopLeft', fill: palette.axis, fontSize: 12 }}
          />
          <ReferenceLine
            x={today}
            stroke={palette.axis}
            strokeDasharray="2 3"
            label={{ value: 'Today', position: 'top', fill: palette.axis, fontSize: 12 }}
          />
          <Area
            dataKey="used"
            type="stepAfter"
            stroke={palette.billable}
            fill={palette.billable}
            fillOpacity={0.18}
            strokeWidth={2}
            isAnimationActive={false}
            connectNulls={false}
          />
          <Line
            dataKey="forecast"
            stroke={palette.profit}
            strokeDasharray="6 4"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
        </ComposedChart>
      </div>
      <ul className={styles.legend} aria-label="Legend">
        <li>
          <span className={styles.swatch} style={{ color: palette.billable }} />
          Used
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.dashed}`} style={{ color: palette.profit }} />
          Forecast at the current pace
        </li>
        <li>
          <span className={styles.swatch} style={{ color: palette.costs }} />
          Budget
        </li>
      </ul>
    </>
  );
}
