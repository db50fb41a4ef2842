import { Metrics } from './metrics.ts';

/** The process's operational state, shared by the app (health, metrics) and the entry point (shutdown). */
export interface Ops {
  metrics: Metrics;
  /** Set when shutdown begins: /ready answers 503 and responses close their connection. */
  draining: boolean;
}

export const createOps = (): Ops => ({ metrics: new Metrics(), draining: false });
