import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES, SOURCE_LOCALE } from './src/i18n/locales.ts';
import { TRANSLATED_PATHS } from './src/i18n/translated.ts';

// `npm run messages`: extract every message of the translated parts into src/locales/<locale>/messages.po,
// then compile each catalogue to messages.ts, the form the build loads (one chunk per language).
export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: SOURCE_LOCALE },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: TRANSLATED_PATHS.map((p) => `<rootDir>/${p}`),
      exclude: ['**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
