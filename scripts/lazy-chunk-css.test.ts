import { describe, expect, it } from 'vitest';
import { unwrapPreloads } from './lazy-chunk-css.ts';

describe('unwrapPreloads', () => {
  it('leaves a plain import() where Vite wrapped one, with what it chains', () => {
    const code = `const A = lazy(() => __vitePreload(() => import("./a.js").then((m) => ({ default: m.X })), __VITE_PRELOAD__, import.meta.url));`;
    expect(unwrapPreloads(code)).toBe(`const A = lazy(() => (import("./a.js").then((m) => ({ default: m.X }))));`);
  });

  it('calls a loader that is not a bare import, and skips brackets and commas inside strings', () => {
    const code = `x = async () => (await __vitePreload(async () => {\n  const { r } = await import('./o.js');\n  return { r, s: "a,b)(" };\n}, __VITE_PRELOAD__)).r; y = __vitePreload$1(() => import(\`./b.js\`),__VITE_PRELOAD__,import.meta.url), z = ")";`;
    expect(unwrapPreloads(code)).toBe(
      `x = async () => (await (async () => {\n  const { r } = await import('./o.js');\n  return { r, s: "a,b)(" };\n})()).r; y = (import(\`./b.js\`)), z = ")";`,
    );
  });

  it('leaves code without the helper as it is', () => {
    const code = 'const f = () => import("./c.js");';
    expect(unwrapPreloads(code)).toBe(code);
  });
});

describe('lazyChunkCss in a build', () => {
  it('lets a lazily loaded chunk start every style sheet its nested imports wait for, all at once', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { build } = await import('vite');
    const { lazyChunkCss } = await import('./lazy-chunk-css.ts');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-lazy-css-'));
    try {
      // Three screens: a and b share widget, widget and c share leaf, so leaf, widget and a are three chunks
      // nested three deep, each with its own style sheet.
      const files: Record<string, string> = {
        'index.html': '<!doctype html><script type="module" src="./main.js"></script>',
        'main.js': 'for (const load of [() => import("./a.js"), () => import("./b.js"), () => import("./c.js")]) load().then((m) => m.show());',
        'a.js': 'import "./a.css"; import { widget } from "./widget.js"; export const show = () => widget("a");',
        'b.js': 'import { widget } from "./widget.js"; export const show = () => widget("b");',
        'c.js': 'import { leaf } from "./leaf.js"; export const show = () => leaf("c");',
        'widget.js': 'import "./widget.css"; import { leaf } from "./leaf.js"; export const widget = (s) => leaf(s + "!");',
        'leaf.js': 'import "./leaf.css"; export const leaf = (s) => document.body.append(s);',
        'a.css': '.a { color: red }',
        'widget.css': '.widget { color: green }',
        'leaf.css': '.leaf { color: blue }',
      };
      for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, name), text);
      await build({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: [lazyChunkCss()],
        build: { outDir: 'dist', modulePreload: false, minify: false },
      });
      const assets = path.join(root, 'dist/assets');
      const read = (f: string) => fs.readFileSync(path.join(assets, f), 'utf8');
      const chunk = fs.readdirSync(assets).find((f) => /^a-.*\.js$/.test(f))!;
      // The chunk's first import is its starter, so it runs before leaf's and widget's own waits.
      const starter = /^import "\.\/(css-start-[\w-]+\.js)";\n/.exec(read(chunk))?.[1];
      expect(starter).toBeDefined();
      const started = JSON.parse(/^(\[[^\]]*\])/.exec(read(starter!))![1]!) as string[];
      expect(started.map((f) => f.replace(/-[\w-]+\.css$/, '.css')).sort()).toEqual(['./a.css', './leaf.css', './widget.css']);
      // Each chunk still waits for its own sheet; c, whose only sheet is leaf's, has nothing to chain and no starter.
      expect(read(chunk)).toMatch(/\nawait Promise\.all\(\["\.\/a-[\w-]+\.css"\]/);
      expect(read(fs.readdirSync(assets).find((f) => /^c-.*\.js$/.test(f))!)).not.toMatch(/css-start-/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
