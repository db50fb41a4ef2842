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
