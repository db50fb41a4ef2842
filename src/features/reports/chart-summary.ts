import { formatDuration, spokenDuration } from '../../lib/duration.ts';
import type { MoneyBar, TimeBar, TrendInterval } from './chart-data.ts';
import { formatMoney } from './figure-format.ts';

const share = (part: number, whole: number) => (whole ? Math.round((part * 100) / whole) : 0);
const totalOf = (b: TimeBar) => b.billableTime + b.nonBillableTime;

/** A time bar's name for screen readers: `Acme: 14 hours 30 minutes, 12 hours 30 minutes billable`. */
export const spokenTimeBar = (b: TimeBar) => `${b.label}: ${spokenDuration(totalOf(b))}, ${spokenDuration(b.billableTime)} billable`;

/** The same for the eye, a line each: name, total, billable, non-billable. */
export const timeBarLines = (b: TimeBar) => [
  b.label,
  `Total ${formatDuration(totalOf(b))}`,
  `Billable ${formatDuration(b.billableTime)}`,
  `Non-billable ${formatDuration(b.nonBillableTime)}`,
];

/** What a row chart shows, in a sentence or two: how many rows, the total and its billable share, the largest. */
export function rowsSummary(bars: readonly TimeBar[], plural: string): string {
  if (bars.length === 0) return 'No time in this range.';
  const total = bars.reduce((a, b) => a + totalOf(b), 0);
  const billable = bars.reduce((a, b) => a + b.billableTime, 0);
  const top = bars.filter((b) => b.key !== 'others').reduce((a, b) => (totalOf(b) > totalOf(a) ? b : a), bars[0]!);
  const count = bars.length === 1 ? `1 ${plural.replace(/s$/, '')}` : `${bars.length} ${plural}`;
  return `${count}: ${formatDuration(total)} in all, ${share(billable, total)}% billable. Most time: ${top.label}, ${formatDuration(totalOf(top))} (${share(top.billableTime, totalOf(top))}% billable).`;
}

/** The trend in a sentence: the busiest day or week and the average over the range. */
export function trendSummary(bars: readonly TimeBar[], interval: TrendInterval): string {
  const total = bars.reduce((a, b) => a + totalOf(b), 0);
  if (total === 0) return 'No time in this range.';
  const busiest = bars.reduce((a, b) => (totalOf(b) > totalOf(a) ? b : a), bars[0]!);
  const unit = interval === 'day' ? 'day' : 'week';
  return `Per ${unit} from ${bars[0]!.label.replace('Week of ', '')} to ${bars.at(-1)!.label.replace('Week of ', '')}: the busiest ${unit} is ${busiest.label.replace('Week of ', 'the week of ')} with ${formatDuration(totalOf(busiest))}; ${formatDuration(Math.round(total / bars.length))} a ${unit} on average, ${share(
    bars.reduce((a, b) => a + b.billableTime, 0),
    total,
  )}% billable.`;
}

/** A money bar's lines for the eye: name, billable amount, and costs and profit when the reader may see them. */
export const moneyBarLines = (b: MoneyBar, withCosts: boolean) => [
  b.label,
  `Billable ${formatMoney(b.billableAmount)}`,
  ...(withCosts ? [`Costs ${formatMoney(b.costs)}`, `Profit ${formatMoney(b.profit)}`] : []),
];

/** A money bar's words: billable amount, and costs and profit when the reader may see them. */
export const moneyBarText = (b: MoneyBar, withCosts: boolean) =>
  withCosts
    ? `${b.label}: billable ${formatMoney(b.billableAmount)}, costs ${formatMoney(b.costs)}, profit ${formatMoney(b.profit)}`
    : `${b.label}: billable ${formatMoney(b.billableAmount)}`;

/** The money chart in a sentence: totals, the largest, and any losses. */
export function moneySummary(bars: readonly MoneyBar[], withCosts: boolean): string {
  if (bars.length === 0) return 'No billable amount or costs in this range.';
  const sum = (k: 'billableAmount' | 'costs' | 'profit') => bars.reduce((a, b) => a + b[k], 0);
  const top = bars.reduce((a, b) => (b.billableAmount > a.billableAmount ? b : a), bars[0]!);
  if (!withCosts)
    return `Billable ${formatMoney(sum('billableAmount'))} in all; the most from ${top.label} (${formatMoney(top.billableAmount)}).`;
  const losses = bars.filter((b) => b.profit < 0).map((b) => b.label);
  return `Billable ${formatMoney(sum('billableAmount'))} against costs ${formatMoney(sum('costs'))}: profit ${formatMoney(sum('profit'))}. The most billed: ${top.label} (${formatMoney(top.billableAmount)}).${losses.length ? ` At a loss: ${losses.join(', ')}.` : ''}`;
}
