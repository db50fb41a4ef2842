/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { lazyChunkCss } from './scripts/lazy-chunk-css.ts';
import { linguiMacro } from './scripts/lingui-macro.ts';
import { precompress } from './scripts/precompress.ts';
import { preloadEntryImports } from './scripts/preload-entry-imports.ts';
import { routePreloads } from './scripts/route-preloads.ts';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Every screen is a lazy route: its loader in a small chunk of its own, so the screen's data is asked for
      // while the page's code downloads; its page, skeleton and error screen apart. The home screen opts out
      // (see routes/_app/timesheet.tsx).
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    linguiMacro(),
    react(),
    preloadEntryImports(),
    lazyChunkCss(),
    routePreloads(),
    precompress(),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: TanStack Store's import of the shim (a React 17 fallback in CommonJS)
    // gets React's own hook instead.
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: path.resolve(import.meta.dirname, 'src/lib/sync-store/shim.ts') },
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/sync-store/with-selector.ts'),
      },
    ],
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // No preload helper in the first screen's chunk (about 2 KB with its list of every lazy file's CSS and the
    // wrapper around each import(); scripts/lazy-chunk-css.ts takes it out and lazy chunks load their own CSS).
    // A lazy chunk then fetches its own imports once it arrives: one more round trip when a dialog or another
    // screen first opens, which the router's preload on hover and the idle preloads hide.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Everything the first screen imports statically ships as one chunk: one request, and one gzip
        // dictionary instead of a dozen small files each paying its own.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        // The first screen's chunk names every lazy chunk it can load (each route's page and loader), so lazy
        // chunks are named by their hash alone, of seven characters (the fewest the bundler takes for this many
        // chunks): about 350 bytes less to download first. `.vite/manifest.json` maps each file to its source.
        chunkFileNames: 'assets/[hash:7].js',
      },
    },
  },
  test: {
    // Both cores: most server tests wait on the database, so two files at a time roughly halve the run.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [linguiMacro(), react()],
        test: {
          name: 'web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
