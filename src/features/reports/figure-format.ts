import { formatDuration, spokenDuration } from '../../lib/duration.ts';
import type { FigureKind } from '../../../contract/report-columns.ts';

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const days = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Integer cents as money: `1,234.50`, `−12.00` (a true minus sign). */
export const formatMoney = (cents: number) => money.format(cents / 100).replace('-', '\u2212');

/** A figure as the screen shows it: time as `h:mm`, money with two decimals, whole percent, days. */
export function formatFigure(kind: FigureKind, value: number): string {
  switch (kind) {
    case 'time':
      return formatDuration(value);
    case 'money':
      return formatMoney(value);
    case 'percent':
      return `${value}%`;
    case 'days':
      return days.format(value);
  }
}

/** What a screen reader says for a figure: `12 hours 30 minutes`, `1,234.50`. */
export const spokenFigure = (kind: FigureKind, value: number) => (kind === 'time' ? spokenDuration(value) : formatFigure(kind, value));
