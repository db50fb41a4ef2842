import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { TimeBar } from './chart-data.ts';
import { labelInterval, plainTick } from './chart-axis.tsx';
import { ChartFigure } from './chart-figure.tsx';
import { useChartLanes } from './chart-lanes.tsx';
import { spokenTimeBar, timeBarLines } from './chart-summary.ts';
import { useChartPalette } from './use-chart-palette.ts';
import { useMedia } from './use-media.ts';

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
  // About how wide the trend's plot is (it spans the page): enough to space its labels without measuring them.
  const phone = useMedia('(max-width: 640px)');
  const narrow = useMedia('(max-width: 1100px)');
  const plotWidth = phone ? 260 : narrow ? 600 : 1000;
  const axis = { stroke: palette.axis };
  const ticks = useMemo(
    () => ({ hours: plainTick(palette.axis, hoursOf), name: plainTick(palette.axis, shortenOf), date: plainTick(palette.axis, String) }),
    [palette.axis],
  );
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
            <XAxis type="number" tick={ticks.hours} interval={0} {...axis} />
            <YAxis type="category" dataKey="label" width={130} tick={ticks.name} interval={0} {...axis} />
          </>
        ) : (
          <>
            <XAxis
              dataKey="label"
              tick={ticks.date}
              interval={labelInterval(bars.length, Math.max(0, ...bars.map((b) => b.label.length)), plotWidth)}
              {...axis}
            />
            <YAxis tick={ticks.hours} interval={0} width={44} {...axis} />
          </>
        )}
        <Bar dataKey="billable" name="Billable" stackId="time" fill={palette.billable} background={lane} isAnimationActive={false} />
        <Bar dataKey="nonBillable" name="Non-billable" stackId="time" fill={palette.nonBillable} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
