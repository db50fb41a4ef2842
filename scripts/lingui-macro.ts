import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/**
 * Lingui's macros (`@lingui/core/macro`, `@lingui/react/macro`) through Babel, before the React plugin (Oxc)
 * sees the file. Only files that import a macro pay for a Babel pass; every other file goes straight to Oxc.
 * The build and Vitest both use it, so tests run the same transform as production.
 */
export function linguiMacro(): Plugin {
  return {
    name: 'timekeep:lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?(\?|$)/.test(id) || !/@lingui\/(core|react)\/macro/.test(code)) return null;
      const result = await transformAsync(code, {
        filename: id.replace(/\?.*$/, ''),
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['jsx', 'typescript'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
