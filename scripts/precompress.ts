/**
 * A Vite build step: next to every script, style sheet, page and SVG of the production build it writes
 * `<file>.gz`, compressed once with Zopfli (gzip format, a few percent smaller than `gzip -9`). A static
 * host serves those files as they are (`gzip_static on` in nginx, and `e2e/static-server.ts` does the same),
 * so browsers get the smaller bytes without the server compressing anything per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
/** Below this the gzip header costs more than compression saves. */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'timekeep:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .concat('index.html')
        .filter((name, i, all) => COMPRESSIBLE.test(name) && all.indexOf(name) === i && !name.startsWith('.vite/'));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          if (!fs.existsSync(file)) return;
          const raw = fs.readFileSync(file);
          if (raw.length < MIN_BYTES) return;
          fs.writeFileSync(`${file}.gz`, await gzipAsync(raw, { numiterations: 15 }));
        }),
      );
    },
  };
}
