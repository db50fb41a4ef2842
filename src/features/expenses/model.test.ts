import { describe, expect, it } from 'vitest';
import { filtersOf, parseExpensesSearch } from './filters.ts';
import { billableRule, quantityLabel, totalsOf, unitAmount } from './model.ts';
import { bodyOf, idempotencyKeyOf } from './save.ts';
import type { ExpenseDraft } from './draft.ts';

const miles = { id: 2, name: 'Mileage', color: '#000000', unitBased: true, unitName: 'Miles', unitPrice: 58 };

describe('expenses model', () => {
  it('adds up all and billable amounts', () => {
    expect(
      totalsOf([
        { amount: 100, billable: true },
        { amount: 250, billable: false },
      ]),
    ).toEqual({ all: 350, billable: 100, count: 2 });
  });

  it('computes unit amounts half up, as the server does', () => {
    expect(unitAmount(miles, 12.5)).toBe(725);
    expect(unitAmount({ unitPrice: 3 }, 0.5)).toBe(2);
    expect(quantityLabel(miles, 12.5)).toBe('12.5 miles × $0.58');
    expect(quantityLabel(miles, 1)).toBe('1 mile × $0.58');
    expect(quantityLabel({ ...miles, unitBased: false }, 3)).toBeNull();
  });

  it('lets only admins choose billable, and says why not', () => {
    expect(billableRule('admin', null)).toEqual({ editable: true, fixed: null });
    expect(billableRule('member', { billing: { type: 'hourly', fee: null } })).toMatchObject({ editable: false, fixed: true });
    expect(billableRule('supervisor', { billing: { type: 'non_billable', fee: null } })).toMatchObject({ editable: false, fixed: false });
    expect(billableRule('member', null).reason).toMatch(/billable project/);
  });

  it('reads filters from the URL, dropping what is not one, and defaults to this month', () => {
    expect(
      parseExpensesSearch({ from: '2026-03-01', to: '2026-03-31', project: 'ev:4', category: '7', person: 'all', sort: '-amount' }),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      project: 'ev:4',
      category: 7,
      person: 'all',
      sort: '-amount',
    });
    expect(parseExpensesSearch({ from: '2026-04-01', to: '2026-03-01', project: 'x', category: '-1', person: 'me', sort: 'nope' })).toEqual(
      {},
    );
    expect(filtersOf({}, '2026-02-14')).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('sends the quantity for a unit-based category and the amount otherwise; billable only when chosen', () => {
    const d: ExpenseDraft = {
      key: 'k',
      expenseId: null,
      date: '2026-03-02',
      project: '',
      category: '2',
      quantity: '12,5',
      amount: 999,
      billable: true,
      details: '',
      receipts: [{ id: 9, name: 'a.png', token: 't' }],
    };
    expect(bodyOf(d, miles, false)).toEqual({
      date: '2026-03-02',
      category: 2,
      project: null,
      details: '',
      attachments: [9],
      quantity: 12.5,
    });
    expect(bodyOf(d, { ...miles, unitBased: false }, true)).toMatchObject({ amount: 999, quantity: null, billable: true });
  });

  it('names a create by its draft and body, so a resend of the same body is applied once', () => {
    const body = { date: '2026-03-02', category: 2, project: null, details: '', attachments: [] };
    expect(idempotencyKeyOf('d1', body)).toBe(idempotencyKeyOf('d1', { ...body }));
    expect(idempotencyKeyOf('d1', body)).not.toBe(idempotencyKeyOf('d1', { ...body, attachments: [3] }));
    expect(idempotencyKeyOf('d1', body)).toMatch(/^[\x21-\x7e]{1,255}$/);
  });
});
