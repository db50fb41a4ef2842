import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, loadWebhookSettings } from '../../config.ts';
import { hooks } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { checkTarget, isPublicAddress, postJson, UnsafeTargetError } from './net.ts';
import { emitEvent } from './outbox.ts';
import { startReceiver, type Receiver } from '../../test/webhook-receiver.ts';
import { createWebhookWorker } from './worker.ts';

/** A resolver standing in for DNS (the machine has no network): fixed answers, and a name that changes its answer. */
const dnsAnswers = new Map<string, string[]>([
  ['internal.example.test', ['10.0.0.1']],
  ['public.example.test', ['93.184.215.14']],
  ['mixed.example.test', ['93.184.215.14', '192.168.1.10']],
  ['metadata.example.test', ['169.254.169.254']],
  ['v6local.example.test', ['::1']],
  ['localhost', ['127.0.0.1', '::1']],
]);
const lookups: string[] = [];
const resolve = async (host: string) => {
  lookups.push(host);
  const a = dnsAnswers.get(host);
  if (!a) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return a;
};

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let rc: Receiver;

beforeAll(async () => {
  t = await setupTestApp({ config: { webhookAllowPrivate: false, webhooks: { ...loadWebhookSettings(), timeoutMs: 1_000, resolve } } });
  r = await t.roles();
  rc = await startReceiver();
});
afterAll(async () => {
  await rc.close();
});

describe('targetUrl safety without WEBHOOK_ALLOW_PRIVATE', () => {
  it('refuses non-http schemes, loopback, private, link-local, metadata and names resolving to them (422, nothing sent)', async () => {
    const urls = [
      'ftp://public.example.test/hook',
      'file:///etc/passwd',
      'http://127.0.0.1/hook',
      rc.url,
      'http://localhost:8080/hook',
      'http://internal.example.test/hook',
      'http://mixed.example.test/hook',
      'http://metadata.example.test/latest',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd00::1]/hook',
      'http://v6local.example.test/hook',
      'http://0.0.0.0/hook',
      'http://224.0.0.1/hook',
      'http://100.64.1.1/hook',
      'http://nonexistent.example.test/hook',
    ];
    for (const targetUrl of urls) {
      for (const headers of [{}, { 'X-Skip-Handshake': 'true' }] as Record<string, string>[]) {
        const res = await t.call('POST', '/hooks', { as: r.member, body: { targetUrl, events: ['api:time:updated'] }, headers });
        expect(res.status, targetUrl).toBe(422);
        expect(res.body.code).toBe(422);
        expect(res.body.errors.targetUrl, targetUrl).toEqual([expect.any(String)]);
      }
    }
    expect(rc.received).toHaveLength(0);
    expect((await t.call('GET', '/hooks', { as: r.member })).body).toEqual([]);
  });

  it('checks the address again on every connection, so a DNS answer that changes later is refused', async () => {
    // At creation the name is public (handshake skipped: nothing listens there).
    dnsAnswers.set('rebind.example.test', ['93.184.215.14']);
    const res = await t.call('POST', '/hooks', {
      as: r.admin,
      body: { targetUrl: `http://rebind.example.test:${rc.port}/hook`, events: ['api:client:updated'] },
      headers: { 'X-Skip-Handshake': 'true' },
    });
    expect(res.status).toBe(201);
    // Then it rebinds to loopback, where our receiver listens.
    dnsAnswers.set('rebind.example.test', ['127.0.0.1']);
    lookups.length = 0;
    await emitEvent(t.scope(r.team.id), { kind: 'api:client:updated', actorId: r.admin.id, resourceId: '1', resource: {}, projectId: null, projects: [], users: [] });
    const w = createWebhookWorker(t.deps);
    await w.drain();
    expect(lookups).toContain('rebind.example.test');
    expect(rc.received).toHaveLength(0);
    const [entry] = (await t.call('GET', `/hooks/${res.body.id}/deliveries`, { as: r.admin })).body;
    expect(entry).toMatchObject({ statusCode: null, success: false, error: expect.stringMatching(/must not point to a loopback/) });
    await t.db.delete(hooks);
  });
});

describe('address classification', () => {
  it('tells public addresses from the others', () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1',
      '0.0.0.0', '224.0.0.251', '239.255.255.250', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1',
      'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::1', 'not-an-ip',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('allows private targets only with the development flag', async () => {
    const policy = { resolve, allowPrivate: false };
    await expect(checkTarget(new URL('http://internal.example.test/'), policy)).rejects.toBeInstanceOf(UnsafeTargetError);
    await expect(checkTarget(new URL('http://internal.example.test/'), { ...policy, allowPrivate: true })).resolves.toEqual([{ address: '10.0.0.1', family: 4 }]);
    await expect(checkTarget(new URL('ftp://public.example.test/'), { ...policy, allowPrivate: true })).rejects.toBeInstanceOf(UnsafeTargetError);
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
  });

  it('postJson refuses before connecting and never follows redirects', async () => {
    const refused = await postJson(rc.url, { resolve, allowPrivate: false, timeoutMs: 1_000, headers: {}, body: '{}' });
    expect(refused.ok).toBe(false);
    expect(refused.status).toBeUndefined();
    expect(refused.error).toMatch(/must not point/);
    const target = await startReceiver();
    const hop = await startReceiver({ fallback: { status: 301, headers: { Location: target.url } } });
    const res = await postJson(hop.url, { resolve, allowPrivate: true, timeoutMs: 1_000, headers: {}, body: '{}' });
    expect(res).toMatchObject({ ok: false, status: 301 });
    expect(target.received).toHaveLength(0);
    await Promise.all([target.close(), hop.close()]);
  });

  it('reads WEBHOOK_* settings from the environment', () => {
    const s = loadWebhookSettings({ WEBHOOK_TIMEOUT_MS: '500', WEBHOOK_RETRY_BASE_MS: '10', WEBHOOK_DISABLE_AFTER_FAILURES: '3' });
    expect(s).toMatchObject({ timeoutMs: 500, retryBaseMs: 10, retryMaxMs: 3_600_000, disableAfterFailures: 3, disableAfterMs: 86_400_000, retentionMs: 7 * 86_400_000 });
    expect(() => loadWebhookSettings({ WEBHOOK_TIMEOUT_MS: 'soon' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });
});
