import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { TimeBar } from './chart-data.ts';
import { ChartFigure } from './chart-figure.tsx';
import { useChartLanes } from './chart-lanes.tsx';
import { spokenTimeBar, timeBarLines } from './chart-summary.ts';
import { useChartPalette } from './use-chart-palette.ts';

export interface TimeChartProps {
  title: string;
  summary: string;
  bars: readonly TimeBar[];
  /** `rows`: one horizontal bar per client, project or person; `trend`: one column per day or week. */
  layout: 'rows' | 'trend';
  /** Drill down from a bar; `openHint` says where to, e.g. "opens its projects". */
  onOpen?: ((bar: TimeBar) => void) | undefined;
  openHint?: string | undefined;
}

const hoursTick = (h: number) => `${Math.round(h * 10) / 10}h`;
export const shorten = (s: string) => (s.length > 18 ? `${s.slice(0, 17)}\u2026` : s);

/**
 * Time split billable / non-billable, stacked, drawn with recharts; legend, tooltip and keyboard access
 * are ours (ChartFigure, useChartLanes), which keeps the reports' JavaScript within its budget.
 */
export function TimeChart({ title, summary, bars, layout, onOpen, openHint }: TimeChartProps) {
  const palette = useChartPalette();
  const opens = (i: number) => Boolean(onOpen && bars[i] && bars[i].key !== 'others');
  const { box, lane, focused, hover } = useChartLanes(
    bars.length,
    (i) => `${spokenTimeBar(bars[i]!)}${opens(i) && openHint ? `; ${openHint}` : ''}`,
    onOpen ? (i) => opens(i) && onOpen(bars[i]!) : undefined,
  );
  const rows = layout === 'rows';
  const axis = { stroke: palette.axis, tick: { fill: palette.axis, fontSize: 12 } };
  return (
    <ChartFigure
      title={title}
      summary={summary}
      height={rows ? Math.max(120, bars.length * 34 + 40) : 260}
      empty={bars.length === 0}
      plotRef={box}
      legend={[
        { label: 'Billable', color: palette.billable },
        { label: 'Non-billable', color: palette.nonBillable },
      ]}
      lines={(i) => timeBarLines(bars[i]!)}
      focused={focused}
      hover={hover}
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
        <Bar dataKey="billable" name="Billable" stackId="time" fill={palette.billable} background={lane} isAnimationActive={false} />
        <Bar dataKey="nonBillable" name="Non-billable" stackId="time" fill={palette.nonBillable} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
