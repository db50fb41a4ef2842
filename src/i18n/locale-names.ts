import type { Locale } from './locales.ts';

/** Each language's own name, as the picker shows it (a language is named in itself, whatever the app speaks). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ar: 'العربية',
};
