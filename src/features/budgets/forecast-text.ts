import type { BudgetType } from './format.ts';
import { budgetAmount, longDay } from './format.ts';
import type { BurnSummary } from './forecast.ts';

/** How amounts read: in the budget's unit, or (for those who may not see money) as percent of the budget. */
export function amountFormatter(type: BudgetType, budget: number, showAmounts: boolean) {
  return (v: number) => (showAmounts ? budgetAmount(type, v) : `${budget > 0 ? Math.round((v / budget) * 100) : 0} %`);
}

/** The forecast in a sentence, and the assumptions behind it in another. */
export function forecastText(
  s: BurnSummary,
  opts: { from: string | null; to: string | null; today: string; budget: number; fees: number; fmt: (v: number) => string },
) {
  const { fmt, today } = opts;
  const f = s.forecast;
  let headline: string;
  switch (f.kind) {
    case 'no-pace':
      headline = 'Nothing is used yet in this period, so there is no pace to forecast from.';
      break;
    case 'over':
      headline = `The budget ran out on ${longDay(f.on, today)}: ${fmt(s.used)} used of ${fmt(opts.budget)}.`;
      break;
    case 'runs-out':
      headline = `At this pace the budget runs out on ${longDay(f.on, today)} (in ${f.daysLeft} day${f.daysLeft === 1 ? '' : 's'}).`;
      break;
    case 'within':
      headline = `At this pace it stays within budget: about ${fmt(f.projected)} of ${fmt(opts.budget)} used by ${longDay(opts.to!, today)}.`;
      break;
    case 'lasts':
      headline = `At this pace the budget lasts more than a year: about ${fmt(f.projected)} of ${fmt(opts.budget)} used by ${longDay(f.until, today)}.`;
      break;
  }
  const fees = opts.fees > 0 ? ` Fixed fees (${fmt(opts.fees)}) count once, from the start, and are not part of the pace.` : '';
  const assumptions =
    f.kind === 'no-pace' || !opts.from
      ? null
      : `Assumes the average since ${longDay(opts.from, today)}, ${fmt(s.pace)} a day over ${s.elapsedDays} calendar day${s.elapsedDays === 1 ? '' : 's'} (weekends included), holds every day from tomorrow, at today’s rates and with no new fixed fees.${fees}`;
  return { headline, assumptions };
}
