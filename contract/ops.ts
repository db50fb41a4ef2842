import { z } from 'zod';
import { defineRoute } from './route.ts';

const T = 'Operations';
const status = z.object({ status: z.string() });

/** Health, readiness and metrics for load balancers and monitoring: no user credentials, no rate limit. */
export const opsRoutes = {
  health: defineRoute({ method: 'get', path: '/health', tag: T, summary: 'The process is up', auth: 'none', status: 200, response: status }),
  ready: defineRoute({
    method: 'get',
    path: '/ready',
    tag: T,
    summary: 'Ready to serve: the database answers and every migration is applied (503 otherwise, and while shutting down)',
    auth: 'none',
    status: 200,
    response: status,
  }),
  metrics: defineRoute({
    method: 'get',
    path: '/metrics',
    tag: T,
    summary: 'Prometheus metrics; with METRICS_TOKEN as a bearer token (404 when the server has none)',
    auth: 'none',
    status: 200,
    produces: 'text/plain',
    answers: { 401: 'The metrics token is missing or wrong', 404: 'Metrics are off (no METRICS_TOKEN)' },
  }),
};
