import { locales } from '../../contract/locales.ts';

/** The languages the web app speaks: BCP 47 tags, as kept on the user (`locale`). English is the source. */
export const LOCALES = locales;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

const RTL = new Set<Locale>(['ar']);
export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (RTL.has(locale) ? 'rtl' : 'ltr');

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/**
 * The first supported language among the browser's (`navigator.languages`): an exact tag first, then its base
 * language (`de-AT` → `de`, `pt-PT` → `pt-BR`, the only Portuguese we have); English when none fits.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]!.toLowerCase();
    const byBase = LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === base);
    if (byBase) return byBase;
  }
  return SOURCE_LOCALE;
}
