import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { TimeBar } from './chart-data.ts';
import { labelInterval, plainTick } from './chart-axis.tsx';
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
const hoursOf = (v: string | number) => hoursTick(Number(v));
export const shortenOf = (v: string | number) => shorten(String(v));

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
  const height = rows ? Math.max(120, bars.length * 34 + 40) : 260;
  const longestLabel = Math.max(0, ...bars.map((b) => b.label.length));
  const axis = { stroke: palette.axis };
  const ticks = useMemo(
    () => ({ hours: plainTick(palette.axis, hoursOf), name: plainTick(palette.axis, shortenOf), date: plainTick(palette.axis, String) }),
    [palette.axis],
  );
  return (
    <ChartFigure
      title={title}
      summary={summary}
      height={height}
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
      {(width) => (
        <BarChart
          data={bars as TimeBar[]}
          layout={rows ? 'vertical' : 'horizontal'}
          width={width}
          height={height}
          accessibilityLayer={false}
          margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
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
          <Bar
            zIndex={0}
            dataKey="billable"
            name="Billable"
            stackId="time"
            fill={palette.billable}
            background={lane}
            isAnimationActive={false}
          />
          <Bar zIndex={0} dataKey="nonBillable" name="Non-billable" stackId="time" fill={palette.nonBillable} isAnimationActive={false} />
        </BarChart>
      )}
    </ChartFigure>
  );
}
