/** One measured figure. `budget` and `ratio` are optional context for the table. */
export interface BenchResult {
  name: string;
  /** Which database the figure was taken on. */
  database: 'pglite' | 'postgres' | 'none';
  value: number;
  unit: string;
  /** The budget it is held against, in the same unit, and whether lower or higher is better. */
  budget?: { value: number; better: 'lower' | 'higher' };
  /** Extra figures (p50, p99, floor, ratio …). */
  details?: Record<string, number | string>;
}

export interface BenchContext {
  /** PostgreSQL URL when `TEST_DATABASE_URL` is set; benches run on PGlite always and on PostgreSQL too when given. */
  postgresUrl: string | undefined;
  /** Redis URL when `TEST_REDIS_URL` is set; benches of several API instances need it with PostgreSQL. */
  redisUrl: string | undefined;
  log(msg: string): void;
}

/** Every `bench/*.bench.ts` default-exports one of these; `bench/run.ts` runs them all. */
export type Bench = (ctx: BenchContext) => Promise<BenchResult[]>;
