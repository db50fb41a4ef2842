/**
 * A Vite build step: the screen a page is opened on starts downloading with the app, not after it.
 *
 * Without it a cold load is a chain: the app's script arrives and runs, the router asks for the screen's
 * chunk, the chunk asks for its imports, and those for their style sheets, one round trip after another. Vite's
 * own `modulePreload` would list each chunk's imports, but in the first screen's chunk (see vite.config.ts).
 *
 * This writes `assets/routes-<hash>.json`: per route, an address pattern and the `<link rel="modulepreload">`
 * and `<link rel="preload" as="style">` of the files its page and loader need (their imports and style sheets,
 * outside the first screen's chunk). A small script at the top of index.html fetches it as the page starts and
 * adds the links of the routes matching the address, so all of them come in alongside the app's own script.
 * It only warms the browser's cache: if it fails, the app loads as it did without it.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { initialFiles } from './lazy-chunk-css.ts';

/** A route file's address pattern, from TanStack Router's file naming (src/routes). */
export function routePattern(file: string, isLayout: boolean): string {
  const segments = file
    .replace(/\.tsx?$/, '')
    .split(/[/.]/)
    .filter((s) => s && !s.startsWith('_') && s !== 'route');
  if (segments.at(-1) === 'index') segments.pop();
  const body = segments.map((s) => (s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))).join('/');
  return `^/${body}${isLayout ? '(/|$)' : '/?$'}`;
}

/** The runtime, in index.html: kept small, it is part of every first load (`[pattern, links]` pairs). */
const runtime = (url: string) =>
  `fetch(${JSON.stringify(url)}).then(r=>r.json()).then(r=>{for(const[p,h]of r)RegExp(p).test(location.pathname)&&document.head.insertAdjacentHTML("beforeend",h)},()=>{})`;

/** The `<link>`s that fetch `files` (under the site's base) into the browser's cache. */
export const preloadLinks = (base: string, files: Iterable<string>) =>
  [...files]
    .map((f) =>
      f.endsWith('.css') ? `<link rel="preload" as="style" href="${base}${f}">` : `<link rel="modulepreload" href="${base}${f}">`,
    )
    .join('');

interface RouteFiles {
  /** The loader's chunk and what it needs: it starts the screen's requests, so it is fetched first. */
  loader: Set<string>;
  component: Set<string>;
}

/**
 * `[pattern, links]` pairs in the order the page adds them: every matching route's loader files before any page
 * code, so that on a slow or busy connection the screen's data is asked for as early as its code allows.
 */
export function loadersFirst(routes: ({ pattern: string } & RouteFiles)[], links: (files: readonly string[]) => string): [string, string][] {
  const loaders = routes.map((r) => [r.pattern, [...r.loader]] as const);
  const pages = routes.map((r) => [r.pattern, [...r.component].filter((f) => !r.loader.has(f))] as const);
  return [...loaders, ...pages].filter(([, files]) => files.length).map(([pattern, files]) => [pattern, links(files)]);
}

export function routePreloads(): Plugin {
  let base = '/';
  let routesDir = '';
  return {
    name: 'timekeep:route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      routesDir = path.resolve(config.root, 'src/routes');
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const initial = initialFiles(bundle);

        // What a lazy chunk needs before it can run: itself, its imports, the style-sheet starter the CSS step
        // put on its first line, and every style sheet on the way.
        const needs = (file: string, into: Set<string>) => {
          const c = bundle[file];
          if (into.has(file) || initial.has(file) || c?.type !== 'chunk') return;
          into.add(file);
          const starter = /^import "\.\/(css-start-[\w-]+\.js)";/.exec(c.code)?.[1];
          if (starter) into.add(path.posix.join(path.posix.dirname(file), starter));
          c.viteMetadata?.importedCss.forEach((css) => into.add(css));
          c.imports.forEach((i) => needs(i, into));
        };

        // Per route file, what its loader needs and what its page needs besides.
        const byRoute = new Map<string, RouteFiles>();
        for (const c of chunks) {
          const id = c.facadeModuleId ?? '';
          const split = /^(.*)\?tsr-split=(.*)$/.exec(id);
          const part = split && /(^|-)(component|loader)(-|$)/.exec(split[2]!)?.[2];
          if (!part || !split[1]!.startsWith(routesDir)) continue;
          const file = path.relative(routesDir, split[1]!).split(path.sep).join('/');
          const route = byRoute.get(file) ?? byRoute.set(file, { loader: new Set(), component: new Set() }).get(file)!;
          needs(c.fileName, part === 'loader' ? route.loader : route.component);
        }
        if (!byRoute.size) this.error('route-preloads: no route chunks found (is autoCodeSplitting on?)');

        const routeFiles = [...byRoute.keys()].sort();
        const stem = (f: string) => f.replace(/(\/route)?\.tsx?$/, '').replace(/\./g, '/');
        const isLayout = (f: string) => routeFiles.some((o) => o !== f && stem(o).startsWith(`${stem(f)}/`));
        const data = loadersFirst(
          routeFiles.map((f) => ({ pattern: routePattern(f, isLayout(f)), ...byRoute.get(f)! })),
          (files) => preloadLinks(base, files),
        );
        const source = JSON.stringify(data);
        const fileName = `assets/routes-${crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8)}.json`;
        this.emitFile({ type: 'asset', fileName, source });

        const html = bundle['index.html'] as OutputAsset | undefined;
        if (html?.type !== 'asset') this.error('route-preloads: the build has no index.html yet');
        const page = String(html.source);
        const script = `<script>${runtime(base + fileName)}</script>`;
        if (!page.includes('</title>')) this.error('route-preloads: index.html has no <title> to follow');
        html.source = page.replace('</title>', `</title>\n    ${script}`);
      },
    },
  };
}
