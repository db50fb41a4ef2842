import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['auth', 'profile', 'timesheet', 'timer', 'week-submission', 'shell', 'expenses', 'projects', 'clients', 'team', 'dashboards', 'webhooks', 'timecards', 'time-off'];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'src/locales/*/messages.ts', '.data', '.tmp', 'test-results', 'playwright-report', 'src/routeTree.gen.ts', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', 'node:*'], message: 'The web app runs in the browser: no server code.' }] }],
      // A call names an operation of the contract, never a method and path by hand.
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='request'][callee.object.name='api']", message: 'Call an operation of the contract: api.call(op, …) with op from src/api/operations.' },
      ],
    },
  },
  // Features do not import each other; routes compose them.
  ...features.map((f) => ({
    files: [`src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: features.filter((o) => o !== f).flatMap((o) => [`**/features/${o}`, `**/features/${o}/**`]), message: 'Features do not import each other; compose them in a route.' },
            { group: ['**/server/**', 'node:*'], message: 'The web app runs in the browser: no server code.' },
          ],
        },
      ],
    },
  })),
  // The contract is shared by browser and server: neither's code belongs in it.
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/src/**', 'node:*', 'hono', 'hono/*', 'react', 'drizzle-orm', 'drizzle-orm/*'], message: 'contract/ holds wire schemas only.' }] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer'],
    },
  },
  // Test support lives in server/test and never ships: the server's own code does not import it or vitest.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/test/**', 'vitest', 'vitest/*'], message: 'Test support stays in server/test and *.test.ts files; the server does not ship it.' }] },
      ],
    },
  },
  {
    files: ['scripts/**/*.ts', 'server/cli/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
