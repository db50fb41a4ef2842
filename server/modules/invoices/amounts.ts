import type { StoredAdjustment } from '../../db/schema/index.ts';

/**
 * The money of an invoice from its lines (docs/invoices.md, "Amounts"). Every figure is integer cents;
 * each line's discount and tax are rounded once, half up, and the invoice's figures are the sums of its
 * lines' figures, never rounded again.
 */

export interface LineInput {
  listAmount: number;
  taxable: boolean;
}
export interface LineAmounts {
  listAmount: number;
  netAmount: number;
  totalAmount: number;
}
export interface InvoiceAmounts {
  lines: LineAmounts[];
  listAmount: number;
  netAmount: number;
  totalAmount: number;
  discount: { rate: number; amount: number };
  tax: { rate: number; amount: number };
}

/** A rate in percent as an integer of 1/10,000 percent (rates have at most 4 decimals). */
const rateUnits = (rate: number) => BigInt(Math.round(rate * 10_000));
const PERCENT_UNITS = 1_000_000n;

/** round half up (amounts are never negative) of a × b ÷ c, exactly. */
const mulDivRound = (a: bigint, b: bigint, c: bigint) => Number((2n * a * b + c) / (2n * c));

/** `rate` % of each amount, each rounded half up. */
const byRate = (amounts: number[], rate: number) => amounts.map((a) => mulDivRound(BigInt(a), rateUnits(rate), PERCENT_UNITS));

/**
 * A fixed `total` spread over `amounts` in proportion to them: each share rounded down, then the cents
 * left over go one each to the largest remainders (earlier lines first on a tie). The shares sum to
 * `total` exactly; all zero when the amounts are.
 */
export function spread(total: number, amounts: number[]): number[] {
  const sum = amounts.reduce((s, a) => s + a, 0);
  if (sum === 0 || total === 0) return amounts.map(() => 0);
  const t = BigInt(total);
  const s = BigInt(sum);
  const shares = amounts.map((a) => Number((t * BigInt(a)) / s));
  const remainders = amounts.map((a, i) => ({ i, r: (t * BigInt(a)) % s }));
  remainders.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  let left = total - shares.reduce((acc, v) => acc + v, 0);
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** A rate above 0 decides; otherwise the fixed amount (at most what it applies to). */
function adjust(adj: StoredAdjustment, amounts: number[]): number[] {
  if (adj.rate > 0) return byRate(amounts, adj.rate);
  const base = amounts.reduce((s, a) => s + a, 0);
  return spread(Math.min(adj.amount, base), amounts);
}

export function invoiceAmounts(lines: LineInput[], discount: StoredAdjustment, tax: StoredAdjustment): InvoiceAmounts {
  const list = lines.map((l) => l.listAmount);
  const discounts = adjust(discount, list);
  const net = list.map((a, i) => a - discounts[i]!);
  const taxableNet = net.map((n, i) => (lines[i]!.taxable ? n : 0));
  const taxes = adjust(tax, taxableNet);
  const out = list.map((a, i) => ({ listAmount: a, netAmount: net[i]!, totalAmount: net[i]! + taxes[i]! }));
  const sum = (k: keyof LineAmounts) => out.reduce((s, l) => s + l[k], 0);
  const listAmount = sum('listAmount');
  const netAmount = sum('netAmount');
  const totalAmount = sum('totalAmount');
  return {
    lines: out,
    listAmount,
    netAmount,
    totalAmount,
    discount: { rate: discount.rate > 0 ? discount.rate : 0, amount: listAmount - netAmount },
    tax: { rate: tax.rate > 0 ? tax.rate : 0, amount: totalAmount - netAmount },
  };
}

/** round half up of quantity × rate (quantity with at most 4 decimals), exactly. */
export const quantityTimesRate = (quantity: number, rate: number) =>
  mulDivRound(BigInt(Math.round(quantity * 10_000)), BigInt(rate), 10_000n);
