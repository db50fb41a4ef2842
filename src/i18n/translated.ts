/**
 * The parts of the web app that speak every language: their user-visible text goes through the catalogue, and
 * `npm run messages` extracts from them. A screen joins by adding its folder or file here once translated;
 * src/i18n/no-english-literals.test.ts then refuses English text written outside the catalogue in it.
 */
export const TRANSLATED_PATHS = [
  'src/app/screens.ts',
  'src/features/shell',
  'src/features/auth',
  'src/features/profile',
  'src/features/approvals/approvals-badge.tsx',
  'src/routes/-components/app-frame.tsx',
  'src/routes/sign-in.tsx',
  'src/routes/_app/profile.tsx',
  'src/i18n',
] as const;
