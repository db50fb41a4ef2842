/**
 * A Vite build step: lazy chunks load their own style sheets, so the first screen's chunk carries no preload
 * helper and no list of every lazy file's CSS (about 2 KB gzip, with the wrapper around each `import()`).
 *
 * - Every `import()` is left plain: Vite's wrapper around it (which fetched the imported chunk's CSS first) is
 *   taken out before the chunk is minified, and the unused helper goes with it. Its JavaScript dependencies
 *   were not preloaded anyway (`modulePreload: false` in vite.config.ts).
 * - Each chunk outside the first screen's that has CSS of its own starts with a top-level `await` that adds
 *   a `<link rel="stylesheet">` per file (once per page) and waits for them, so nothing draws unstyled: a
 *   chunk's static imports run first, each waiting for its own CSS, and a failed style sheet fails the
 *   `import()` as a failed script does.
 * - Static imports run one after the other, so those waits would chain: a screen whose chunks nest four deep
 *   fetched four style sheets one after another. A chunk loaded by `import()` whose imports bring CSS too
 *   therefore first imports a small module of its own (`assets/css-start-<hash>.js`) that adds the links of
 *   every style sheet its imports need, all at once; each chunk's wait then finds its sheet already coming.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const WRAPPER = /\b__vitePreload(?:\$\d+)?\(/g;

/** The index just past the bracket that closes the one open before `from` (strings and templates skipped). */
function closing(code: string, from: number): number {
  let depth = 1;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) return i + 1;
    } else if (c === ',' && depth === 1) return -(i + 1);
  }
  throw new Error('lazy-chunk-css: unbalanced call to the preload helper');
}

/**
 * `__vitePreload(() => EXPR, __VITE_PRELOAD__, import.meta.url)` becomes `EXPR` (the `import()` and what it
 * chains); the helper's definition is then unused and dropped by the minifier.
 */
export function unwrapPreloads(code: string): string {
  let out = '';
  let at = 0;
  for (const m of code.matchAll(WRAPPER)) {
    if (m.index < at) continue;
    const argsStart = m.index + m[0].length;
    // The first argument ends at the comma on the call's own level.
    let i = argsStart;
    let depth = 0;
    for (; i < code.length; i++) {
      const c = code[i]!;
      if (c === '"' || c === "'" || c === '`') {
        for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
      } else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth-- === 0) break;
      } else if (c === ',' && depth === 0) break;
    }
    const load = unwrapPreloads(code.slice(argsStart, i));
    // `() => import(x)` is its own body; any other function (async, a block) is called.
    const arrow = /^\s*\(\)\s*=>\s*(?!\{)/.exec(load);
    const call = arrow ? `(${load.slice(arrow[0].length)})` : `(${load})()`;
    let end = code[i] === ')' ? i + 1 : closing(code, i + 1);
    while (end < 0) end = closing(code, -end);
    out += code.slice(at, m.index) + call;
    at = end;
  }
  return out + code.slice(at);
}

/**
 * Runs in the page: adds the style sheets (relative to the chunk) not on the page yet, each with its load as
 * `tkLoaded` (a failure is kept for whoever waits on it, never reported unhandled), and answers those loads.
 */
const addLinks = (files: string[]) =>
  `${JSON.stringify(files)}.map((f)=>{` +
  `const h=new URL(f,import.meta.url).href,o=[...document.querySelectorAll("link[rel=stylesheet]")].find((l)=>l.href===h);` +
  `if(o)return o.tkLoaded;` +
  `const l=Object.assign(document.createElement("link"),{rel:"stylesheet",href:h});` +
  `l.tkLoaded=new Promise((y,n)=>{l.onload=y;l.onerror=()=>n(new Error("Could not load "+h))});l.tkLoaded.catch(()=>{});` +
  `document.head.append(l);return l.tkLoaded})`;

/** A chunk's own style sheets: added, then waited for before its code runs. */
const loader = (files: string[]) => `await Promise.all(${addLinks(files)});`;

/** `file` as an import from the chunk `from` (both relative to the output folder). */
const relativeTo = (from: string, file: string) => {
  const rel = path.posix.relative(path.posix.dirname(from), file);
  return rel.startsWith('.') ? rel : `./${rel}`;
};

/** Puts `line` above a chunk's code; its source map's lines move down by one. */
function prependLine(bundle: OutputBundle, chunk: OutputChunk, line: string) {
  chunk.code = `${line}\n${chunk.code}`;
  const mapAsset = bundle[`${chunk.fileName}.map`];
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  if (mapAsset?.type === 'asset' && typeof mapAsset.source === 'string') {
    const map = JSON.parse(mapAsset.source) as { mappings: string };
    map.mappings = `;${map.mappings}`;
    mapAsset.source = JSON.stringify(map);
  }
}

/** The first screen's chunks: the entries and everything they import statically. */
export function initialFiles(bundle: OutputBundle): Set<string> {
  const initial = new Set<string>();
  const walk = (file: string) => {
    const chunk = bundle[file];
    if (initial.has(file) || chunk?.type !== 'chunk') return;
    initial.add(file);
    chunk.imports.forEach(walk);
  };
  for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) walk(chunk.fileName);
  return initial;
}

/** Vite's own module for its preload helper (`vite/preload-helper`). */
const HELPER = '\0vite/preload-helper.js';

export function lazyChunkCss(): Plugin[] {
  return [
    {
      // The helper, for the calls a chunk's minified code might still hold: it only runs the import.
      name: 'timekeep:lazy-chunk-css:helper',
      apply: 'build',
      enforce: 'pre',
      load(id) {
        return id === HELPER ? 'export const __vitePreload = (load) => load();' : null;
      },
    },
    {
      name: 'timekeep:lazy-chunk-css',
      apply: 'build',
      enforce: 'post',
      renderChunk: {
        order: 'post',
        handler(code) {
          if (!code.includes('__VITE_PRELOAD__')) return null;
          // Without a marker left, Vite adds no list of files either.
          const out = unwrapPreloads(code);
          if (out.includes('__VITE_PRELOAD__')) this.error('lazy-chunk-css: a call to the preload helper was left in place');
          return { code: out, map: null };
        },
      },
      generateBundle: {
        order: 'post',
        handler(_options, bundle) {
          const initial = initialFiles(bundle);
          const lazy = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk' && !initial.has(c.fileName));
          const ownCss = (chunk: OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])];
          // The style sheets a chunk and its static imports wait for, and how many of those chunks wait: two or
          // more would wait one after another.
          const sheetsUnder = (chunk: OutputChunk) => {
            const seen = new Set<string>();
            const css = new Set<string>();
            let waiting = 0;
            const visit = (file: string) => {
              const c = bundle[file];
              if (seen.has(file) || initial.has(file) || c?.type !== 'chunk') return;
              seen.add(file);
              c.imports.forEach(visit);
              if (ownCss(c).length) waiting++;
              ownCss(c).forEach((f) => css.add(f));
            };
            visit(chunk.fileName);
            return { css: [...css], waiting };
          };
          // Read before any chunk changes; the starters are added once every chunk has its own wait.
          const starters = lazy.filter((c) => c.isDynamicEntry).map((chunk) => ({ chunk, ...sheetsUnder(chunk) }));
          for (const chunk of lazy) {
            const css = ownCss(chunk);
            if (css.length) prependLine(bundle, chunk, loader(css.map((f) => relativeTo(chunk.fileName, f))));
          }
          for (const { chunk, css, waiting } of starters) {
            if (waiting < 2) continue;
            const source = `${addLinks(css.map((f) => relativeTo('assets/css-start.js', f)))};\n`;
            const fileName = `assets/css-start-${crypto.createHash('sha256').update(source).digest('base64url').slice(0, 10)}.js`;
            if (!bundle[fileName]) this.emitFile({ type: 'asset', fileName, source });
            prependLine(bundle, chunk, `import ${JSON.stringify(relativeTo(chunk.fileName, fileName))};`);
          }
        },
      },
    },
  ];
}
