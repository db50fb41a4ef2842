/**
 * Time to upload a 10 MB receipt: the real API server on a free port, over HTTP, the way the web app
 * sends one (`POST /attachments`, multipart/form-data with a `file` part, src/api/upload.ts), from the
 * request's start to the stored attachment's answer. On the embedded database, and on PostgreSQL when given.
 */
import crypto from 'node:crypto';
import { ATTACHMENT_UPLOAD_PATH, MAX_ATTACHMENT_BYTES } from '../contract/attachment-limits.ts';
import { withRunningApi, type RunningApi } from './running-api.ts';
import type { Bench, BenchResult } from './types.ts';

const RUNS = 7;
const MB = 1024 * 1024;

/** A 10 MB PDF as the server recognises it (its first bytes), the rest random so nothing compresses it. */
const receipt = () => {
  const bytes = crypto.randomBytes(MAX_ATTACHMENT_BYTES);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return new Blob([bytes], { type: 'application/pdf' });
};

async function upload(api: RunningApi, file: Blob): Promise<number> {
  const body = new FormData();
  body.append('file', file, 'receipt-10mb.pdf');
  const started = performance.now();
  const res = await fetch(`${api.url}${ATTACHMENT_UPLOAD_PATH}`, { method: 'POST', headers: { 'X-Api-Key': api.apiKey, Accept: 'application/json' }, body });
  const answer = (await res.json()) as { id?: number; message?: string };
  const ms = performance.now() - started;
  if (!res.ok || typeof answer.id !== 'number') throw new Error(`POST ${ATTACHMENT_UPLOAD_PATH} answered ${res.status}: ${answer.message ?? JSON.stringify(answer)}`);
  return ms;
}

const round = (n: number) => Math.round(n * 10) / 10;

const bench: Bench = async ({ postgresUrl, log }) => {
  const results: BenchResult[] = [];
  const file = receipt();
  const targets: ['pglite' | 'postgres', string | undefined][] = [['pglite', undefined]];
  if (postgresUrl) targets.push(['postgres', postgresUrl]);
  for (const [database, url] of targets) {
    log(`${database}: one upload to warm up, then ${RUNS} of ${MAX_ATTACHMENT_BYTES / MB} MB one after another`);
    const times = await withRunningApi(url, async (api) => {
      await upload(api, file);
      const out: number[] = [];
      for (let i = 0; i < RUNS; i++) out.push(await upload(api, file));
      return out.sort((a, b) => a - b);
    });
    const median = times[Math.floor(RUNS / 2)]!;
    results.push(
      {
        name: 'POST /attachments: a 10 MB receipt uploaded (median)',
        database,
        value: round(median),
        unit: 'ms',
        details: { runs: RUNS, min: round(times[0]!), max: round(times.at(-1)!) },
      },
      {
        name: 'POST /attachments: 10 MB receipt throughput (median)',
        database,
        value: round(MAX_ATTACHMENT_BYTES / MB / (median / 1000)),
        unit: 'MB/s',
        details: { runs: RUNS },
      },
    );
  }
  return results;
};

export default bench;
