/**
 * Money as integer minor units ("cents"; yen have none, dinars have thousandths), shown and read in
 * a currency's format for a locale. Pure: no React, no fetch.
 */

export interface MoneyFormat {
  currency: string;
  /** A BCP 47 locale; the browser's when undefined. */
  locale?: string | undefined;
}

interface Separators {
  decimal: string;
  group: string;
  fractionDigits: number;
}

const cache = new Map<string, { number: Intl.NumberFormat; money: Intl.NumberFormat; separators: Separators }>();

function formatters({ currency, locale }: MoneyFormat) {
  const key = `${locale ?? ''}|${currency}`;
  let entry = cache.get(key);
  if (!entry) {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const fractionDigits = money.resolvedOptions().maximumFractionDigits ?? 2;
    const number = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    const parts = number.formatToParts(1234567.5);
    const separators = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      fractionDigits,
    };
    entry = { number, money, separators };
    cache.set(key, entry);
  }
  return entry;
}

const scale = (digits: number) => 10 ** digits;

/** `123450` → `$1,234.50` (en-US, USD), `1.234,50 €` (de-DE, EUR). */
export function formatMoney(cents: number, format: MoneyFormat): string {
  const { money, separators } = formatters(format);
  return money.format(cents / scale(separators.fractionDigits));
}

/** `123450` → `1,234.50`: the amount without the currency, as a money input shows it. */
export function formatMoneyAmount(cents: number, format: MoneyFormat): string {
  const { number, separators } = formatters(format);
  return number.format(cents / scale(separators.fractionDigits));
}

/** The currency's symbol for a locale: `$`, `€`, `CHF`. */
export function currencySymbol(format: MoneyFormat): string {
  return formatters(format).money.formatToParts(0).find((p) => p.type === 'currency')?.value ?? format.currency;
}

export type MoneyParse = { ok: true; cents: number | null } | { ok: false; message: string };

const spaces = /[\s\u00a0\u202f'’]/g;

/**
 * Reads an amount typed by a person: `1,234.50`, `1234.5`, `$ 12`, `1.234,50` (in a locale that
 * writes decimals with a comma), `12,5` wherever a comma cannot be a thousands separator. Blank is
 * `null` (no amount). Refuses letters, several decimal marks, misplaced thousands separators, more
 * decimals than the currency has, negative amounts unless allowed, and amounts too large to count.
 */
export function parseMoney(text: string, format: MoneyFormat, { allowNegative = false } = {}): MoneyParse {
  const { separators } = formatters(format);
  const example = formatMoneyAmount(Math.round(1234.5 * scale(separators.fractionDigits)), format);
  const invalid = { ok: false as const, message: `Enter an amount like ${example}` };
  let s = text.replace(spaces, '');
  if (s === '') return { ok: true, cents: null };
  s = s.replace(currencySymbol(format), '').replace(new RegExp(format.currency, 'i'), '');
  const negative = s.startsWith('-') || s.startsWith('\u2212');
  if (negative) s = s.slice(1);
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return invalid;
  if (negative && !allowNegative) return { ok: false, message: 'Enter an amount of zero or more' };

  const marks = [...s].filter((c) => c === '.' || c === ',');
  const kinds = new Set(marks);
  let decimal: string | null = null;
  if (kinds.size === 2) decimal = s[Math.max(s.lastIndexOf('.'), s.lastIndexOf(','))]!;
  else if (marks.length === 1) {
    const mark = marks[0]!;
    const after = s.length - s.indexOf(mark) - 1;
    const groupLike = mark === separators.group || (separators.group.trim() === '' && mark !== separators.decimal);
    decimal = after === 3 && groupLike && s.indexOf(mark) > 0 ? null : mark;
  }
  const [whole = '', fraction = '', ...rest] = decimal ? s.split(decimal) : [s];
  if (rest.length > 0) return invalid;
  const chunks = whole.split(/[.,]/);
  if (chunks.length > 1 && !(/^\d{1,3}$/.test(chunks[0]!) && chunks.slice(1, -1).every((c) => /^\d{2,3}$/.test(c)) && /^\d{3}$/.test(chunks.at(-1)!))) return invalid;
  if (/[.,]/.test(fraction)) return invalid;
  if (fraction.length > separators.fractionDigits) {
    return { ok: false, message: separators.fractionDigits === 0 ? `${format.currency} amounts have no decimals` : `Use at most ${separators.fractionDigits} decimals` };
  }
  const digits = (chunks.join('') || '0') + fraction.padEnd(separators.fractionDigits, '0');
  const cents = Number(digits);
  if (!Number.isSafeInteger(cents)) return { ok: false, message: 'That amount is too large' };
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}
