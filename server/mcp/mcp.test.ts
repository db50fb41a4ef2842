import crypto from 'node:crypto';
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { exportJWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { weekIdOf } from '../../contract/weeks.ts';
import { prefixed } from '../lib/ids.ts';
import { fixtures } from '../test/time-fixtures.ts';
import { forgetThrottling, obtainTokens, registerClient, startServer, userWithPassword, type Env } from '../test/oauth-support.ts';
import type { TestUser } from '../test/harness.ts';

let env: Env;
let member: TestUser;
let limited: TestUser;
let taskId: string;
let hiddenTaskId: string;
let memberToken: string;

beforeAll(async () => {
  env = await startServer();
  await forgetThrottling(env);
  member = await userWithPassword(env, 'member');
  limited = await env.t.user(member.teamId, 'member_limited', { password: 'correct horse battery staple' });
  const f = fixtures(env.t);
  const project = await f.project(member.teamId, { name: 'Website', users: [member.id, limited.id] });
  const other = await f.project(member.teamId, { name: 'Internal', users: [member.id] });
  taskId = prefixed((await f.task(member.teamId, project.id, { name: 'Design review' })).id);
  hiddenTaskId = prefixed((await f.task(member.teamId, other.id, { name: 'Payroll audit' })).id);
  memberToken = (await obtainTokens(env, { user: member, resource: `${env.base}/mcp` })).tokens.access_token;
});
beforeEach(() => forgetThrottling(env));

async function connect(token: string, fetchImpl?: typeof fetch) {
  const transport = new StreamableHTTPClientTransport(new URL(`${env.base}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const client = new Client({ name: 'timekeep-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;
const text = (r: ToolResult) => r.content.map((c) => c.text).join('\n');
/** The JSON data a tool returns after its summary line(s). */
const data = (r: ToolResult) => JSON.parse(text(r).slice(text(r).indexOf('\n\n') + 2)) as Record<string, unknown>;

describe('/mcp', () => {
  it('lists the tools', async () => {
    const client = await connect(memberToken);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'log_time',
      'my_week',
      'search_tasks',
      'start_timer',
      'stop_timer',
      'submit_week',
      'whoami',
    ]);
    await client.close();
  });

  it('tells who the user is', async () => {
    const client = await connect(memberToken);
    const r = await call(client, 'whoami');
    expect(r.isError).toBeFalsy();
    expect(data(r)).toMatchObject({ id: member.id, email: member.email, role: 'member' });
    await client.close();
  });

  it('searches tasks the user can see', async () => {
    const client = await connect(memberToken);
    const r = await call(client, 'search_tasks', { query: 'design' });
    expect(r.isError).toBeFalsy();
    expect(data(r)).toEqual([expect.objectContaining({ id: taskId, name: 'Design review' })]);
    await client.close();
  });

  it('logs time and shows the week per day and per task', async () => {
    const client = await connect(memberToken);
    const logged = await call(client, 'log_time', { task: taskId, date: '2026-11-16', seconds: 5400, comment: 'from MCP' });
    expect(logged.isError, text(logged)).toBeFalsy();
    expect(await call(client, 'log_time', { task: taskId, date: '2026-11-18', seconds: 1800 })).not.toHaveProperty('isError', true);
    expect(await call(client, 'log_time', { task: hiddenTaskId, date: '2026-11-18', seconds: 600 })).not.toHaveProperty('isError', true);

    const week = data(await call(client, 'my_week', { date: '2026-11-19' }));
    expect(week).toMatchObject({ from: '2026-11-16', to: '2026-11-22', totalSeconds: 7800, weekId: weekIdOf('2026-11-16') });
    expect(week.perDay).toEqual(
      expect.arrayContaining([
        { date: '2026-11-16', seconds: 5400 },
        { date: '2026-11-18', seconds: 2400 },
        { date: '2026-11-17', seconds: 0 },
      ]),
    );
    expect(week.perTask).toEqual([
      { task: taskId, name: 'Design review', seconds: 7200 },
      { task: hiddenTaskId, name: 'Payroll audit', seconds: 600 },
    ]);
    // The REST API agrees.
    const rest = await env.t.call('GET', `/users/${member.id}/time?from=2026-11-16&to=2026-11-22`, { as: member });
    expect(rest.body.reduce((s: number, r: { time: number }) => s + r.time, 0)).toBe(7800);
    await client.close();
  });

  it('obeys the role table and returns API errors as tool errors', async () => {
    const limitedToken = (await obtainTokens(env, { user: limited, resource: `${env.base}/mcp` })).tokens.access_token;
    const client = await connect(limitedToken);
    const refused = await call(client, 'log_time', { task: hiddenTaskId, date: '2026-11-18', seconds: 600 });
    expect(refused.isError).toBe(true);
    const restRefusal = await env.t.call('POST', '/time', { as: limited, body: { task: hiddenTaskId, date: '2026-11-18', time: 600 } });
    expect(restRefusal.status).toBeGreaterThanOrEqual(400);
    expect(text(refused)).toContain(restRefusal.body.message);
    const search = data(await call(client, 'search_tasks', { query: 'payroll' }));
    expect(search).toEqual([]);
    const missing = await call(client, 'log_time', { task: 'ev:999999', date: '2026-11-18', seconds: 600 });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toBe('Task ev:999999 does not exist');
    await client.close();
  });

  it('starts and stops the timer', async () => {
    const client = await connect(memberToken);
    const started = await call(client, 'start_timer', { task: taskId });
    expect(started.isError, text(started)).toBeFalsy();
    const current = await env.t.call('GET', '/timers/current', { as: member });
    expect(current.body.status).toBe('active');
    const stopped = await call(client, 'stop_timer');
    expect(stopped.isError, text(stopped)).toBeFalsy();
    expect((await env.t.call('GET', '/timers/current', { as: member })).body.status).toBe('stopped');
    const again = await call(client, 'stop_timer');
    expect(again.isError).toBe(true);
    await client.close();
  });

  it('submits the week for approval', async () => {
    const client = await connect(memberToken);
    const r = await call(client, 'submit_week', { date: '2026-11-17', comment: 'done' });
    expect(r.isError, text(r)).toBeFalsy();
    expect(data(r)).toMatchObject({ status: 'pending', user: member.id });
    const weeks = await env.t.call('GET', `/users/${member.id}/timesheets?weekId=${weekIdOf('2026-11-17')}`, { as: member });
    expect(weeks.body[0].approval).toMatchObject({ status: 'pending' });
    await client.close();
  });

  it('refuses REST tokens, missing and invalid tokens', async () => {
    const rest = (await obtainTokens(env, { user: member })).tokens.access_token;
    await expect(connect(rest)).rejects.toThrow();
    await expect(connect('garbage')).rejects.toThrow();
    const res = await fetch(`${env.base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('/.well-known/oauth-protected-resource/mcp');
  });

  it('refuses foreign browser origins and oversized bodies', async () => {
    const headers = {
      authorization: `Bearer ${memberToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const foreign = await fetch(`${env.base}/mcp`, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body: list });
    expect(foreign.status).toBe(403);
    const own = await fetch(`${env.base}/mcp`, { method: 'POST', headers: { ...headers, origin: env.base }, body: list });
    expect(own.status).toBe(200);
    // On its own connection (the server answers before reading the body and closes it).
    const hugeStatus = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { pad: 'x'.repeat(2 * 1024 * 1024) } });
      const req = http.request(
        `${env.base}/mcp`,
        { method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(hugeStatus).toBe(413);
    expect((await fetch(`${env.base}/mcp`, { headers })).status).toBe(405);
  });

  it('works with a DPoP-bound token and a fresh proof per request', async () => {
    const reg = await registerClient(env);
    const keys = await oauth.generateKeyPair('ES256');
    const token = (await obtainTokens(env, { user: member, client: reg, dpop: oauth.DPoP(reg.client, keys), resource: `${env.base}/mcp` }))
      .tokens.access_token;
    const jwk = await exportJWK(keys.publicKey);
    const ath = crypto.createHash('sha256').update(token).digest('base64url');
    const withProof: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? 'GET';
      const proof = await new SignJWT({ htm: method, htu: url, jti: crypto.randomUUID(), ath })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .setIssuedAt()
        .sign(keys.privateKey);
      const headers = new Headers(init?.headers);
      headers.set('authorization', `DPoP ${token}`);
      headers.set('dpop', proof);
      return fetch(input, { ...init, headers });
    };
    const client = await connect(token, withProof);
    expect(data(await call(client, 'whoami'))).toMatchObject({ id: member.id });
    await client.close();
    // The same token as a plain bearer token is refused.
    await expect(connect(token)).rejects.toThrow();
  });
});
