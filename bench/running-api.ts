import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secrets } from '../server/lib/secrets.ts';
import { startApi } from '../server/main.ts';
import { createTeam, createUser } from '../server/modules/users/service.ts';
import { withScratchPostgres } from '../server/test/scratch-postgres.ts';

/** The API listening on a free port, with one admin of one team. */
export interface RunningApi {
  url: string;
  apiKey: string;
}

/**
 * Runs `fn` against the real API server (startApi on a free port, in this process) on a temporary data
 * directory: on the embedded database, or on a fresh scratch database of the PostgreSQL server at
 * `postgresUrl` (dropped afterwards). No rate limit a bench reaches.
 */
export async function withRunningApi<T>(postgresUrl: string | undefined, fn: (api: RunningApi) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-'));
  const secret = crypto.randomBytes(24).toString('base64url');
  const run = async (databaseUrl: string) => {
    const running = await startApi({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SECRET: secret, RATE_LIMIT_POINTS: '1000000000', LOG_LEVEL: 'warn' });
    try {
      const team = await createTeam(running.database.db, 'Bench team');
      const { apiKey } = await createUser(running.database.db, new Secrets(secret), { teamId: team.id, name: 'Bench Admin', email: 'bench@example.test', role: 'admin' });
      return await fn({ url: running.url, apiKey });
    } finally {
      await running.stop();
    }
  };
  try {
    return postgresUrl ? await withScratchPostgres(postgresUrl, 'api', run) : await run('');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
