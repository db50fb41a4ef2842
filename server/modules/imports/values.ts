import { format, isValid, parse } from 'date-fns';

/** A value of a row that cannot be read; the message names the column and the value. */
export class RowValueError extends Error {}

/** The order of day and month in a file's dates, decided from all its dates (see `dateOrderOf`). */
export type DateOrder = 'ymd' | 'dmy' | 'mdy';

const PARTS = /^\s*(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})\s*$/;

/**
 * Collects a file's dates to decide whether `03/04/2026` is the 3rd of April or March 4th: a first number
 * above 12 means day first, a second one above 12 month first; dates with dots are day first (as every
 * tracker writes them); with nothing to tell, month first (the default of US-made trackers).
 */
export class DateOrderVote {
  private dayFirst = 0;
  private monthFirst = 0;
  private dots = 0;

  see(value: string) {
    const m = PARTS.exec(value);
    if (!m || m[1]!.length === 4) return;
    if (m[2] === '.') this.dots++;
    else if (Number(m[1]) > 12) this.dayFirst++;
    else if (Number(m[3]) > 12) this.monthFirst++;
  }

  decide(): DateOrder {
    return this.dots > 0 || this.dayFirst > this.monthFirst ? 'dmy' : 'mdy';
  }
}

const FORMATS: Record<DateOrder, string> = { ymd: 'yyyy-MM-dd', dmy: 'dd-MM-yyyy', mdy: 'MM-dd-yyyy' };

/** A date as the file shows it, as YYYY-MM-DD (the order of day and month from `DateOrderVote`). */
export function readDate(column: string, value: string, order: DateOrder): string {
  const m = PARTS.exec(value);
  if (!m) throw new RowValueError(`${column} "${value}" is not a date`);
  const ymd = m[1]!.length === 4;
  const normal = ymd
    ? `${m[1]}-${m[3]!.padStart(2, '0')}-${m[4]!.padStart(2, '0')}`
    : `${m[1]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}-${m[4]}`;
  const d = parse(normal, FORMATS[ymd ? 'ymd' : order], new Date(2000, 0, 1));
  if (!isValid(d) || d.getFullYear() < 1970) throw new RowValueError(`${column} "${value}" is not a date`);
  return format(d, 'yyyy-MM-dd');
}

const TIME_FORMATS = ['HH:mm:ss', 'HH:mm', 'h:mm:ss a', 'h:mm a'];

/** A time of day in 24- or 12-hour form (`14:05`, `2:05:09 PM`), as HH:MM:SS. */
export function readTime(column: string, value: string): string {
  const v = value.trim().toUpperCase().replace(/\s+/g, ' ');
  for (const f of TIME_FORMATS) {
    const d = parse(v, f, new Date(2000, 0, 1));
    if (isValid(d)) return format(d, 'HH:mm:ss');
  }
  throw new RowValueError(`${column} "${value}" is not a time of day`);
}

/** An ISO 8601 duration as PHP writes one (`P0Y0M0DT2H0M0S0F`, Kimai's CSV), without years or months. */
const ISO_DURATION = /^P(?:0+Y)?(?:0+M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?(?:\d+F)?)?$/;

/**
 * A duration as `H:MM:SS`, `H:MM`, decimal hours (`1.5` or `1,5`) or ISO 8601 (`PT1H30M`, days at most), in
 * whole seconds.
 */
export function readDuration(column: string, value: string): number {
  const v = value.trim();
  const iso = v.length > 1 ? ISO_DURATION.exec(v) : null;
  if (iso) return Number(iso[1] ?? 0) * 86400 + Number(iso[2] ?? 0) * 3600 + Number(iso[3] ?? 0) * 60 + Number(iso[4] ?? 0);
  const clock = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(v);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  const decimal = /^\d+(?:[.,]\d+)?$/.test(v) ? Number(v.replace(',', '.')) : NaN;
  if (Number.isFinite(decimal)) return Math.round(decimal * 3600);
  throw new RowValueError(`${column} "${value}" is not a duration`);
}

/** Yes/No as trackers write it, and as spreadsheets in German, French, Spanish and Portuguese do. */
export function readYesNo(column: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (['yes', 'true', '1', 'y', 'ja', 'wahr', 'oui', 'vrai', 'sí', 'si', 'sim', 'verdadero', 'verdadeiro'].includes(v)) return true;
  if (['no', 'false', '0', 'n', '', 'nein', 'falsch', 'non', 'faux', 'não', 'nao', 'falso'].includes(v)) return false;
  throw new RowValueError(`${column} "${value}" is neither Yes nor No`);
}
