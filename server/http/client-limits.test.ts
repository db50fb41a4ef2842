import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { startServer, type Env } from '../test/oauth-support.ts';
import { setupTestApp } from '../test/harness.ts';
import { parseTrustProxy } from './client-address.ts';

/** The client's address behind a proxy (TRUST_PROXY) and the limit of requests without a credential, on a real listener. */

const LIMIT = { points: 20, durationSec: 60 };

/** `n` requests to `path` with `headers`, 10 at a time; answers their statuses in order of sending. */
async function send(env: Env, n: number, path: string, headers: Record<string, string> = {}) {
  const statuses: number[] = [];
  for (let sent = 0; sent < n; sent += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, n - sent) }, () => fetch(`${env.base}${path}`, { headers })));
    for (const res of batch) {
      statuses.push(res.status);
      await res.arrayBuffer();
    }
  }
  return statuses;
}
const count = (statuses: number[], s: number) => statuses.filter((x) => x === s).length;
const xff = (address: string) => ({ 'X-Forwarded-For': address });

describe('TRUST_PROXY', () => {
  it('is off by default; takes a hop count or a list of addresses and networks; refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    const list = parseTrustProxy('10.0.0.0/8, 127.0.0.1, ::1, fd00::/8');
    expect(list.kind).toBe('list');
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).unauthRateLimit).toEqual({ points: 600, durationSec: 60 });
  });
});

describe('requests without a credential, TRUST_PROXY unset', () => {
  it('are limited per socket address, whatever X-Forwarded-For says; health and valid keys are not', async () => {
    const env = await startServer({ unauthRateLimit: LIMIT });
    const member = await env.t.roles().then((r) => r.member);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(...(await send(env, 10, '/users/me', xff(`198.51.100.${i}`))));
    // The server's start read its OAuth metadata from 127.0.0.1 too: one of the 20.
    expect(count(statuses, 401)).toBe(19);
    expect(count(statuses, 429)).toBe(11);
    const refused = await fetch(`${env.base}/no/such/path`);
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry >= 1 && retry <= 60).toBe(true);
    expect(refused.headers.get('ratelimit-policy')).toBe('20;w=60');
    expect(refused.headers.get('ratelimit')).toMatch(/^limit=20, remaining=0, reset=\d+$/);
    expect(((await refused.json()) as { code: number }).code).toBe(429);
    expect((await fetch(`${env.base}/oauth/token`, { method: 'POST' })).status).toBe(429);
    expect((await fetch(`${env.base}/oauth/authorize`)).status).toBe(429);
    for (const path of ['/health', '/ready']) expect((await fetch(`${env.base}${path}`)).status).toBe(200);
    const me = await fetch(`${env.base}/users/me`, { headers: { 'X-Api-Key': member.key } });
    expect(me.status).toBe(200);
    // A made-up key on an unknown path is a failed authentication, not a way around the limit.
    expect((await fetch(`${env.base}/no/such/path`, { headers: { 'X-Api-Key': 'made-up' } })).status).toBe(401);
  });
});

describe('TRUST_PROXY set', () => {
  it('counts each forwarded client on its own, and never believes what the client itself put before the proxy', async () => {
    const env = await startServer({ unauthRateLimit: LIMIT, trustProxy: parseTrustProxy('127.0.0.1') });
    const a = await send(env, 25, '/users/me', xff('198.51.100.1'));
    expect(count(a, 401)).toBe(20);
    expect(count(a, 429)).toBe(5);
    expect(count(await send(env, 20, '/users/me', xff('198.51.100.2')), 401)).toBe(20);
    // The blocked client prepends made-up addresses: the proxy appended its real one, which is the one counted.
    expect(count(await send(env, 10, '/users/me', xff('203.0.113.9, 198.51.100.1')), 429)).toBe(10);
    // Forwarded (RFC 7239) is read the same way.
    expect(count(await send(env, 10, '/users/me', { Forwarded: 'for="[2001:db8::1]:4711";proto=https' }), 401)).toBe(10);
    expect(count(await send(env, 15, '/users/me', { Forwarded: 'for=192.0.2.60, for="[2001:db8::1]"' }), 401)).toBe(10);
  });

  it('with a hop count takes the address that many proxies back', async () => {
    const env = await startServer({ unauthRateLimit: LIMIT, trustProxy: parseTrustProxy('2') });
    // Client, then the first proxy's view; the second proxy is the socket peer.
    expect(count(await send(env, 25, '/users/me', xff('198.51.100.3, 10.0.0.5')), 429)).toBe(5);
    expect(count(await send(env, 20, '/users/me', xff('198.51.100.4, 10.0.0.5')), 401)).toBe(20);
  });

  it('applies to failed authentications and OAuth registrations: a guesser behind the proxy blocks nobody else', async () => {
    const env = await startServer({
      authFailures: { points: 5, durationSec: 60 },
      oauthPerAddress: 3,
      trustProxy: parseTrustProxy('127.0.0.0/8'),
    });
    const member = await env.t.roles().then((r) => r.member);
    const guesses = [];
    for (let i = 0; i < 8; i++)
      guesses.push(...(await send(env, 1, '/users/me', { ...xff('198.51.100.66'), 'X-Api-Key': crypto.randomUUID() })));
    expect(count(guesses, 401)).toBe(5);
    expect(count(guesses, 429)).toBe(3);
    expect(await send(env, 1, '/users/me', { ...xff('198.51.100.67'), 'X-Api-Key': 'another-wrong' })).toEqual([401]);
    expect(await send(env, 1, '/users/me', { ...xff('198.51.100.66'), 'X-Api-Key': member.key })).toEqual([200]);

    const register = (address: string) =>
      fetch(env.as.registration_endpoint!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...xff(address) },
        body: JSON.stringify({ redirect_uris: ['https://ledger.example/cb'] }),
      }).then((r) => r.status);
    expect([await register('192.0.2.1'), await register('192.0.2.1'), await register('192.0.2.1'), await register('192.0.2.1')]).toEqual([
      201, 201, 201, 429,
    ]);
    expect(await register('192.0.2.2')).toBe(201);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('requests without a credential across instances (Redis)', () => {
  it('two instances sharing Redis count one allowance per address', async () => {
    const t = await setupTestApp({
      config: { unauthRateLimit: LIMIT, redisUrl: process.env.TEST_REDIS_URL },
      rateLimitKeyPrefix: `tk-anon-test-${crypto.randomUUID()}`,
    });
    const second = await t.instance();
    const from = (app: App) =>
      app.request('/users/me', {}, { incoming: { socket: { remoteAddress: '192.0.2.77', remotePort: 40000, remoteFamily: 'IPv4' } } });
    const first = await Promise.all(Array.from({ length: 15 }, () => from(t.app)));
    const other = await Promise.all(Array.from({ length: 15 }, () => from(second)));
    expect(first.every((r) => r.status === 401)).toBe(true);
    expect(
      count(
        other.map((r) => r.status),
        401,
      ),
    ).toBe(5);
    expect(
      count(
        other.map((r) => r.status),
        429,
      ),
    ).toBe(10);
  });
});
