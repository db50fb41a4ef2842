import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hookDeliveries } from '../db/schema/index.ts';
import { startApi } from '../main.ts';
import { Secrets } from '../lib/secrets.ts';
import { createTeam, createUser } from '../modules/users/service.ts';
import { freshDatabase } from '../test/harness.ts';

// SIGTERM's graceful stop (startApi().stop): no new connections, the request in flight and the webhook
// delivery on the wire both finish, then the database closes.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A webhook receiver that answers 200 after `delayMs`, counting what it received. */
async function slowReceiver(delayMs: number) {
  const got: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      got.push(body);
      setTimeout(() => res.writeHead(200).end('ok'), delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, close: () => new Promise((r) => server.close(r)) };
}

describe('graceful stop', () => {
  it('finishes the request and the delivery in flight, refuses new connections, then closes', async () => {
    const database = await freshDatabase();
    const secret = 'shutdown-test-secret';
    const api = await startApi(
      { PORT: '0', DATA_DIR: dataDir, SECRET: secret, LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: '1', SHUTDOWN_TIMEOUT_MS: '8000', WEBHOOK_POLL_MS: '20' },
      { database },
    );
    const receiver = await slowReceiver(700);
    try {
      const team = await createTeam(database.db, 'Shutdown team');
      const { apiKey } = await createUser(database.db, new Secrets(secret), { teamId: team.id, role: 'admin', name: 'Admin', email: 'a@example.test' });
      const headers = { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' };
      const hook = await fetch(`${api.url}/hooks`, { method: 'POST', headers: { ...headers, 'X-Skip-Handshake': '1' }, body: JSON.stringify({ targetUrl: receiver.url, events: ['api:client:created'] }) });
      expect(hook.status).toBe(201);
      const created = await fetch(`${api.url}/clients`, { method: 'POST', headers, body: JSON.stringify({ name: 'Acme' }) });
      expect(created.status).toBe(201);
      while (receiver.got.length === 0) await new Promise((r) => setTimeout(r, 10));

      // A request whose body is still arriving when the stop begins.
      const arrived = new Promise((r) => api.server.once('request', r));
      const body = JSON.stringify({ name: 'Globex' });
      const answer = new Promise<{ status: number; connection: string | undefined; requestId: string | undefined }>((resolve, reject) => {
        const req = http.request(`${api.url}/clients`, { method: 'POST', headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, requestId: res.headers['x-request-id'] as string }));
        });
        req.on('error', reject);
        req.write(body.slice(0, 5));
        setTimeout(() => req.end(body.slice(5)), 400);
      });
      await arrived;
      const stopping = api.stop();
      expect(api.ops.draining).toBe(true);
      await expect(fetch(`${api.url}/health`)).rejects.toThrow();
      const late = await answer;
      expect(late.status).toBe(201);
      expect(late.connection).toBe('close');
      expect(late.requestId).toBeTruthy();
      await stopping;
      // The delivery on the wire finished (the worker may also have sent the late request's event before it stopped).
      expect(receiver.got.length).toBeGreaterThanOrEqual(1);
    } finally {
      await receiver.close();
    }
    const reopened = await freshDatabaseAt(database);
    if (reopened) {
      const rows = await reopened.db.select().from(hookDeliveries).where(eq(hookDeliveries.status, 'delivered'));
      // Every delivery sent was written as delivered before the database closed.
      expect(rows).toHaveLength(receiver.got.length);
      await reopened.close();
    }
  }, 90_000);
});

/** The same PostgreSQL database opened again (the embedded one lives in memory and is gone once closed). */
async function freshDatabaseAt(database: Awaited<ReturnType<typeof freshDatabase>>) {
  if (!database.url) return undefined;
  const { openPostgres } = await import('../db/client.ts');
  return openPostgres(database.url, { migrate: false, max: 1 });
}
