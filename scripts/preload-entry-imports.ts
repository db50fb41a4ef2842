/**
 * A Vite build step: `<link rel="modulepreload">` in index.html for every chunk the entry imports statically
 * (today the bundler's small runtime chunk), so the browser fetches them alongside the entry instead of after
 * it has arrived and been parsed: one round trip fewer before the first screen. Vite's own `modulePreload`
 * would do this too, but it also puts its preload helper into the first chunk (see vite.config.ts); this adds
 * no JavaScript.
 */
import type { Plugin } from 'vite';

export function preloadEntryImports(): Plugin {
  let base = '/';
  return {
    name: 'timekeep:preload-entry-imports',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const imports = ctx.chunk?.imports ?? [];
        return imports.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
