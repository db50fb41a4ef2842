/**
 * Performance marks for the benchmark (`bench/web.bench.ts`), off unless `localStorage['timekeep.perf']`
 * is `1`: keypress → totals updated, navigation → grid drawn, and a report's data arrived.
 */
let enabled: boolean | null = null;

export function perfEnabled(): boolean {
  if (enabled === null) {
    try {
      enabled = typeof localStorage !== 'undefined' && localStorage.getItem('timekeep.perf') === '1';
    } catch {
      enabled = false;
    }
  }
  return enabled;
}
