import type { z } from 'zod';
import { allRoutes } from '../../contract/index.ts';
import type { HttpMethod } from '../../contract/route.ts';

/*
 * Development only: finds the answer schema of the operation a request was built from, so every answer is
 * checked against the contract. Production builds never load this module (nor zod).
 */

const pattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}|\{\w+\}/g, '[^/]+')}$`);
const routes = allRoutes().map((r) => ({ route: r, test: pattern(r.path) }));

/** The schema of the answer to `method path` (a concrete path, parameters filled in), if the contract has one. */
export function answerSchema(method: HttpMethod, path: string): z.ZodType | null {
  const matches = routes.filter((r) => r.route.method === method && r.test.test(path));
  // A literal path wins over a pattern (`/timers/current` over `/timers/{id}`).
  const placeholders = (path: string) => path.split('{').length;
  const best = matches.sort((a, b) => placeholders(a.route.path) - placeholders(b.route.path))[0];
  return best?.route.response ?? null;
}
