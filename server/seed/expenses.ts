import type { PersonKey } from './data.ts';

export interface DemoCategory {
  name: string;
  color: string;
}

export const expenseCategoryList: DemoCategory[] = [
  { name: 'Research', color: '#2f6fdb' },
  { name: 'Software', color: '#7a4cc2' },
  { name: 'Printing', color: '#c2573a' },
  { name: 'Advertising', color: '#2f8f5e' },
];

export interface PlannedExpense {
  person: PersonKey;
  /** A demo project's name, or null for the studio's own. */
  project: string | null;
  category: string;
  type: 'billable' | 'separate' | 'cost';
  /** Cents. */
  amount: number;
  date: string;
  details: string;
}

/** What the studio spends every month: re-billed research and ads, printing billed apart, its own software and devices. */
const monthly: Omit<PlannedExpense, 'date' | 'amount'>[] = [
  { person: 'marcus', project: 'Patient app', category: 'Research', type: 'billable', details: 'Usability test participants' },
  { person: 'tomas', project: 'Patient app', category: 'Software', type: 'cost', details: 'Device cloud for testing' },
  { person: 'priya', project: 'Online shop', category: 'Research', type: 'billable', details: 'Stock photo licences' },
  { person: 'marcus', project: 'Spring campaign', category: 'Advertising', type: 'billable', details: 'Social ad spend' },
  { person: 'priya', project: 'Brand refresh', category: 'Printing', type: 'separate', details: 'Packaging print proofs' },
  { person: 'olivia', project: 'Studio operations', category: 'Software', type: 'cost', details: 'Design tool subscriptions' },
];
const baseAmounts = [42_000, 9_900, 12_500, 85_000, 23_000, 31_000];

/**
 * The demo's expenses: each monthly item once in every stretch of 20 workdays of `dates` (oldest first),
 * with amounts that vary a little from month to month.
 */
export function planExpenses(dates: readonly string[]): PlannedExpense[] {
  const out: PlannedExpense[] = [];
  for (let start = 0, month = 0; start < dates.length; start += 20, month++) {
    monthly.forEach((item, i) => {
      const date = dates[Math.min(dates.length - 1, start + 2 + i * 3)]!;
      out.push({ ...item, date, amount: Math.round((baseAmounts[i]! * (100 + ((month * 7 + i * 3) % 11) * 3)) / 100) });
    });
  }
  return out;
}
