import { formatDuration } from '../../lib/duration.ts';
import { formatMoney } from './figure-format.ts';
import type { Role } from '../../../contract/users.ts';
import { canSee, roundHalfUp, roundingChanges, type FigureRow, type MetricKey } from '../../../contract/report-columns.ts';

export type { FigureRow };

export interface Headline {
  time: number;
  billableTime: number;
  /** Present when billing rounding changes the report: the rounded figures, shown first. */
  rounded?: { time: number; billableTime: number; billableAmount?: number };
  /** Billable time as a whole percent of all time. */
  billableShare: number;
  billableAmount?: number;
  costs?: number;
  profit?: number;
  /** Profit as a whole percent of costs (0 without costs). */
  returnOnCosts?: number;
}

/** The figures above the charts: total and billable time with its share, then money as the role allows. */
export function headlineOf(rows: readonly FigureRow[], role: Role): Headline {
  const sum = (k: MetricKey) => rows.reduce((a, r) => a + (r[k] ?? 0), 0);
  const time = sum('time');
  const billableTime = sum('billableTime');
  const out: Headline = { time, billableTime, billableShare: time ? roundHalfUp((billableTime * 100) / time) : 0 };
  if (canSee(role, 'money')) out.billableAmount = sum('billableAmount');
  if (roundingChanges(rows)) {
    out.rounded = { time: sum('roundedTime'), billableTime: sum('roundedBillableTime') };
    if (canSee(role, 'money')) out.rounded.billableAmount = sum('roundedBillableAmount');
  }
  if (canSee(role, 'costs')) {
    out.costs = sum('costs');
    out.profit = sum('profit');
    out.returnOnCosts = out.costs ? roundHalfUp((out.profit * 100) / out.costs) : 0;
  }
  return out;
}

/** One headline figure as shown: its label, its value, a note under it and, with rounding, the recorded figure. */
export type HeadlineItem = [label: string, value: string, note?: string, second?: string];

/** The headline figures in words, in the order the screen and the report's PDF show them. */
export function headlineItems(h: Headline): HeadlineItem[] {
  // With billing rounding the rounded figure leads and the recorded one follows in small type.
  const r = h.rounded;
  const recorded = (text: string) => (r ? `${text} recorded` : undefined);
  const items: HeadlineItem[] = [
    ['Total time', formatDuration(r ? r.time : h.time), recorded(formatDuration(h.time))],
    [
      'Billable time',
      formatDuration(r ? r.billableTime : h.billableTime),
      `${h.billableShare}% of all time`,
      recorded(formatDuration(h.billableTime)),
    ],
  ];
  if (h.billableAmount !== undefined)
    items.push([
      'Billable amount',
      formatMoney(r?.billableAmount ?? h.billableAmount),
      recorded(formatMoney(h.billableAmount)),
    ]);
  if (h.costs !== undefined) items.push(['Costs', formatMoney(h.costs)]);
  if (h.profit !== undefined)
    items.push([
      'Profit',
      formatMoney(h.profit),
      h.costs ? `${h.returnOnCosts}% return on costs` : undefined,
      r ? 'on recorded time' : undefined,
    ]);
  return items;
}
