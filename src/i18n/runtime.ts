import { i18n, type Messages } from '@lingui/core';
import { setUserLocale } from '../lib/week.ts';
import { directionOf, isLocale, matchLocale, SOURCE_LOCALE, type Locale } from './locales.ts';

export { i18n };

const STORAGE_KEY = 'timekeep.locale';

// One chunk per language: only the chosen language's compiled catalogue is fetched.
const catalogues: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.ts'),
  de: () => import('../locales/de/messages.ts'),
  fr: () => import('../locales/fr/messages.ts'),
  es: () => import('../locales/es/messages.ts'),
  'pt-BR': () => import('../locales/pt-BR/messages.ts'),
  ar: () => import('../locales/ar/messages.ts'),
};

/** The language to start in: the one chosen before on this device, else the browser's best match, else English. */
export function initialLocale(storage: Pick<Storage, 'getItem'>, preferred: readonly string[]): Locale {
  const kept = storage.getItem(STORAGE_KEY);
  return isLocale(kept) ? kept : matchLocale(preferred);
}

/** Loads the language's catalogue, makes it the active one, sets `<html lang dir>` and remembers it here. */
export async function activateLocale(locale: Locale, storage?: Pick<Storage, 'setItem'>): Promise<void> {
  if (i18n.locale !== locale) {
    const { messages } = await (catalogues[locale] ?? catalogues[SOURCE_LOCALE])();
    i18n.loadAndActivate({ locale, messages });
  }
  setUserLocale(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
  }
  storage?.setItem(STORAGE_KEY, locale);
}

/** The active language, for Intl formatters. */
export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE);
