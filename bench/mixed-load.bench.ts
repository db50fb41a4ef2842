/**
 * A morning's mixed load against 1 and then 2 API processes on one PostgreSQL database with Redis: members saving
 * grid cells (`POST /time` with an Idempotency-Key), reading their week and starting and stopping timers; admins
 * opening the approvals inbox, its badge and the projects report. `BENCH_MIXED_MEMBERS` members (200) and
 * `BENCH_MIXED_ADMINS` admins (10) pace themselves so that actions start at `BENCH_MIXED_RATE` a second in all (50),
 * for `BENCH_MIXED_SECONDS` (20); requests go to the instances in turn. An action that starts late (the API is
 * behind) starts at once, so a throughput under the target means the instances could not keep up. Latency is per
 * operation, from sending to the answer read; errors must be 0. Loopback only.
 */
import { withCluster } from '../server/test/cluster.ts';
import { LoadClient } from '../server/test/load-client.ts';
import { prepareTeam, runLoad } from '../server/test/load.ts';
import type { Bench, BenchResult } from './types.ts';

const envNumber = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${process.env[name]}"`);
  return n;
};

const bench: Bench = async ({ postgresUrl, redisUrl, log }) => {
  if (!postgresUrl || !redisUrl) {
    log('skipped: the mixed load runs on PostgreSQL with Redis; set TEST_DATABASE_URL and TEST_REDIS_URL');
    return [];
  }
  const rate = envNumber('BENCH_MIXED_RATE', 50);
  const seconds = envNumber('BENCH_MIXED_SECONDS', 20);
  const members = Math.round(envNumber('BENCH_MIXED_MEMBERS', 200));
  const admins = Math.round(envNumber('BENCH_MIXED_ADMINS', 10));
  const results: BenchResult[] = [];
  for (const instances of [1, 2]) {
    const env = { RATE_LIMIT_POINTS: '1000000000', LOG_LEVEL: 'warn' };
    await withCluster({ postgresUrl, redisUrl, instances, members, name: 'bench_mixed', env }, async (cluster) => {
      const client = new LoadClient(cluster.instances.map((i) => i.url));
      log(`${instances} instance(s): ${members} members submit last week, then ${rate} actions/s for ${seconds} s`);
      await prepareTeam(client, cluster.team);
      const actions = Math.round(rate * seconds);
      const r = await runLoad({ client, team: cluster.team, actions, rate, deadlineMs: (seconds + 10) * 1000, mix: { save: 5, readWeek: 3, timer: 2 }, admins });
      const throughput = Math.round((r.actions / r.elapsedMs) * 1000 * 10) / 10;
      const unanswered = client.attempts.filter((a) => a.status === null).length;
      for (const e of r.errors.slice(0, 5)) log(`  error: ${e}`);
      log(`${instances} instance(s): ${r.actions} actions in ${(r.elapsedMs / 1000).toFixed(1)} s (${throughput}/s), ${r.errors.length} errors`);
      const label = `mixed load, ${instances} instance${instances > 1 ? 's' : ''}`;
      results.push(
        {
          name: `${label}: actions per second (target ${rate})`,
          database: 'postgres',
          value: throughput,
          unit: 'actions/s',
          details: { actions: r.actions, requests: client.attempts.length, members, admins, seconds: Math.round(r.elapsedMs / 100) / 10 },
        },
        { name: `${label}: errors`, database: 'postgres', value: r.errors.length + unanswered, unit: 'errors', budget: { value: 0, better: 'lower' } },
        ...r.ops.map((op) => ({
          name: `${label}: ${op.op} p99`,
          database: 'postgres' as const,
          value: op.p99,
          unit: 'ms',
          details: { p50_ms: op.p50, p95_ms: op.p95, count: op.count },
        })),
      );
    });
  }
  return results;
};

export default bench;
