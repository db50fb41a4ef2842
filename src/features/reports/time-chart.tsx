import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatDuration } from '../../lib/duration.ts';
import type { TimeBar } from './chart-data.ts';
import { shownTimeBar, spokenTimeBar } from './chart-summary.ts';
import { ChartFigure } from './chart-figure.tsx';
import { useChartLanes } from './chart-lanes.tsx';
import styles from './charts.module.css';
import { useChartPalette } from './use-chart-palette.ts';

export interface TimeChartProps {
  title: string;
  summary: string;
  bars: readonly TimeBar[];
  /** `rows`: one horizontal bar per client, project or person; `trend`: one column per day or week. */
  layout: 'rows' | 'trend';
  /** Drill down from a bar; `openHint` says where to, e.g. "opens its projects". */
  onOpen?: (bar: TimeBar) => void;
  openHint?: string;
}

function TimeTooltip({ active, payload }: TooltipContentProps) {
  const bar = payload?.[0]?.payload as TimeBar | undefined;
  if (!active || !bar) return null;
  return (
    <div className={styles.tooltip}>
      <strong>{bar.label}</strong>
      <span>Billable {formatDuration(bar.billableTime)}</span>
      <span>Non-billable {formatDuration(bar.nonBillableTime)}</span>
      <span>Total {formatDuration(bar.billableTime + bar.nonBillableTime)}</span>
    </div>
  );
}

const hoursTick = (h: number) => `${Math.round(h * 10) / 10}h`;
const shorten = (s: string) => (s.length > 18 ? `${s.slice(0, 17)}\u2026` : s);

/**
 * Time split billable / non-billable, stacked, in recharts: tooltips with exact values, a legend, the
 * colour-blind-safe palette, and keyboard focus through the bars (see useChartLanes).
 */
export function TimeChart({ title, summary, bars, layout, onOpen, openHint }: TimeChartProps) {
  const palette = useChartPalette();
  const open = onOpen ? (i: number) => bars[i] && bars[i].key !== 'others' && onOpen(bars[i]) : undefined;
  const { box, lane, focused } = useChartLanes(
    bars.length,
    (i) => `${spokenTimeBar(bars[i]!)}${open && bars[i]!.key !== 'others' && openHint ? `; ${openHint}` : ''}`,
    open,
  );
  const rows = layout === 'rows';
  const height = rows ? Math.max(160, bars.length * 34 + 70) : 280;
  const axis = { stroke: palette.axis, tick: { fill: palette.axis, fontSize: 12 } };
  return (
    <ChartFigure
      title={title}
      summary={summary}
      height={height}
      empty={bars.length === 0}
      plotRef={box}
      readout={focused !== null && bars[focused] ? shownTimeBar(bars[focused]) : null}
    >
      <BarChart
        data={bars as TimeBar[]}
        layout={rows ? 'vertical' : 'horizontal'}
        responsive
        style={{ width: '100%', height: '100%' }}
        accessibilityLayer={false}
        margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
      >
        <CartesianGrid stroke={palette.grid} horizontal={!rows} vertical={rows} />
        {rows ? (
          <>
            <XAxis type="number" tickFormatter={hoursTick} {...axis} />
            <YAxis type="category" dataKey="label" width={130} tickFormatter={shorten} interval={0} {...axis} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" {...axis} minTickGap={12} />
            <YAxis tickFormatter={hoursTick} width={44} {...axis} />
          </>
        )}
        <Tooltip content={TimeTooltip} cursor={{ fill: palette.grid, opacity: 0.5 }} isAnimationActive={false} />
        <Legend wrapperStyle={{ fontSize: 13, color: palette.axis }} />
        <Bar dataKey="billable" name="Billable" stackId="time" fill={palette.billable} background={lane} isAnimationActive={false} />
        <Bar dataKey="nonBillable" name="Non-billable" stackId="time" fill={palette.nonBillable} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
