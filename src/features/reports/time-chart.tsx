import type { TimeBar } from './chart-data.ts';
import { ChartFigure } from './chart-figure.tsx';
import { useChartLanes } from './chart-lanes.tsx';
import { spokenTimeBar, timeBarLines } from './chart-summary.ts';
import { LazyTimePlot } from './lazy-plots.tsx';
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

/**
 * Time split billable / non-billable, stacked, drawn with recharts (plots.tsx, loaded later); legend, tooltip
 * and keyboard access are ours (ChartFigure, useChartLanes), which keeps the reports' JavaScript within its budget.
 */
export function TimeChart({ title, summary, bars, layout, onOpen, openHint }: TimeChartProps) {
  const palette = useChartPalette();
  const opens = (i: number) => Boolean(onOpen && bars[i] && bars[i].key !== 'others');
  const { box, lane, focused, hover } = useChartLanes(
    bars.length,
    (i) => `${spokenTimeBar(bars[i]!)}${opens(i) && openHint ? `; ${openHint}` : ''}`,
    onOpen ? (i) => opens(i) && onOpen(bars[i]!) : undefined,
  );
  const height = layout === 'rows' ? Math.max(120, bars.length * 34 + 40) : 260;
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
      {(width) => <LazyTimePlot width={width} height={height} palette={palette} lane={lane} bars={bars} rows={layout === 'rows'} />}
    </ChartFigure>
  );
}
