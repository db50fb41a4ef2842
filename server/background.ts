import type { Deps } from './http/env.ts';

export interface Background {
  stop(): Promise<void>;
}

/** Work the API process runs beside requests (webhook delivery, sweeps). Each job stops with the process. */
export async function startBackground(_deps: Deps): Promise<Background> {
  const jobs: Background[] = [];
  return { stop: async () => void (await Promise.all(jobs.map((j) => j.stop()))) };
}
