import { transformAsync } from '@babel/core';
import { getConfig } from '@lingui/conf';
import path from 'node:path';
import type { Plugin } from 'vite';

const i18nDir = path.resolve(import.meta.dirname, '../src/i18n');

/**
 * Lingui's macros (`@lingui/core/macro`, `@lingui/react/macro`) through Babel, before the React plugin (Oxc)
 * sees the file. Only files that import a macro pay for a Babel pass; every other file goes straight to Oxc.
 * The build and Vitest both use it, so tests run the same transform as production.
 *
 * `useLingui` and `<Trans>` come from our own small modules (src/i18n/react.ts, src/i18n/trans.tsx) rather than
 * @lingui/react: the first screen then carries no provider, and only screens with rich messages load `<Trans>`.
 */
export function linguiMacro(): Plugin {
  let linguiConfig: ReturnType<typeof getConfig> | undefined;
  return {
    name: 'timekeep:lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?(\?|$)/.test(id) || !/@lingui\/(core|react)\/macro/.test(code)) return null;
      linguiConfig ??= {
        ...getConfig({ cwd: path.resolve(import.meta.dirname, '..') }),
        runtimeConfigModule: {
          i18n: ['@lingui/core', 'i18n'],
          useLingui: [path.join(i18nDir, 'react.ts'), 'useLingui'],
          Trans: [path.join(i18nDir, 'trans.tsx'), 'Trans'],
        },
      };
      const result = await transformAsync(code, {
        filename: id.replace(/\?.*$/, ''),
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['jsx', 'typescript'] },
        plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
