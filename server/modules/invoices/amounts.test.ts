import { describe, expect, it } from 'vitest';
import { invoiceAmounts, quantityTimesRate, spread } from './amounts.ts';

const none = { rate: 0, amount: 0 };

describe('invoice amounts', () => {
  it('rate discount and tax per line, rounded half up once per line', () => {
    // 10% of 12345 = 1234.5 → 1235; net 11110; 20% tax = 2222.
    // 10% of 999 = 99.9 → 100; net 899; untaxed.
    const a = invoiceAmounts(
      [
        { listAmount: 12345, taxable: true },
        { listAmount: 999, taxable: false },
      ],
      { rate: 10, amount: 0 },
      { rate: 20, amount: 0 },
    );
    expect(a.lines).toEqual([
      { listAmount: 12345, netAmount: 11110, totalAmount: 13332 },
      { listAmount: 999, netAmount: 899, totalAmount: 899 },
    ]);
    expect([a.listAmount, a.netAmount, a.totalAmount]).toEqual([13344, 12009, 14231]);
    expect(a.discount).toEqual({ rate: 10, amount: 1335 });
    expect(a.tax).toEqual({ rate: 20, amount: 2222 });
  });

  it('fixed amounts spread in proportion, leftover cents to the largest remainders', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(10, [300, 600, 100])).toEqual([3, 6, 1]);
    expect(spread(5, [0, 0])).toEqual([0, 0]);
    const a = invoiceAmounts(
      [
        { listAmount: 3000, taxable: true },
        { listAmount: 1000, taxable: true },
      ],
      { rate: 0, amount: 1001 },
      none,
    );
    // 1001 × 3/4 = 750.75, × 1/4 = 250.25: 750 + 250, the cent left goes to the first (.75).
    expect(a.lines.map((l) => l.netAmount)).toEqual([2249, 750]);
    expect(a.discount).toEqual({ rate: 0, amount: 1001 });
  });

  it('a fixed discount never exceeds the list amount; a rate of 12.5% is exact', () => {
    const a = invoiceAmounts([{ listAmount: 500, taxable: true }], { rate: 0, amount: 9999 }, { rate: 12.5, amount: 0 });
    expect([a.listAmount, a.netAmount, a.totalAmount]).toEqual([500, 0, 0]);
    expect(invoiceAmounts([{ listAmount: 4, taxable: true }], none, { rate: 12.5, amount: 0 }).totalAmount).toBe(5);
  });

  it('quantity × rate, half up, without float error', () => {
    expect(quantityTimesRate(1.5, 12345)).toBe(18518);
    expect(quantityTimesRate(0.1, 3)).toBe(0);
    expect(quantityTimesRate(2.0001, 10000)).toBe(20001);
  });
});
