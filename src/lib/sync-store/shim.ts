/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself: the package's shim carries a
 * fallback for React 17 and a CommonJS wrapper the first screen need not download (vite.config.ts aliases it).
 */
export { useSyncExternalStore } from 'react';
