import crypto from 'node:crypto';
import type { Webhook } from '../../../contract/webhooks.ts';
import type { Config } from '../../config.ts';
import type { hooks } from '../../db/schema/index.ts';
import { prefixed } from '../../lib/ids.ts';
import { toDateTime } from '../../lib/time.ts';
import { postJson, systemResolver, type PostResult, type TargetPolicy } from './net.ts';

export type HookRow = typeof hooks.$inferSelect;

export const userAgent = (config: Pick<Config, 'publicUrl'>) => `Timekeep-Webhooks/1.0 (+${config.publicUrl})`;

/** Where webhooks may connect, from the configuration. */
export const targetPolicy = (config: Pick<Config, 'webhookAllowPrivate' | 'webhooks'>): TargetPolicy => ({
  allowPrivate: config.webhookAllowPrivate,
  resolve: config.webhooks.resolve ?? systemResolver,
});

/** A fresh signing secret. */
export const newHookSecret = () => crypto.randomBytes(32).toString('hex');

/** `sha256=<hex HMAC-SHA256 of body>`. */
export const signBody = (secret: string, body: string) => `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * The subscription handshake: POST to the target with the User-Agent, a fresh `X-Hook-Secret` and an
 * empty JSON body. Any 2xx passes (the answer may echo the secret). Returns the secret on success.
 */
export async function handshake(config: Config, targetUrl: string): Promise<{ ok: true; secret: string } | { ok: false; result: PostResult }> {
  const secret = newHookSecret();
  const result = await postJson(targetUrl, {
    ...targetPolicy(config),
    timeoutMs: config.webhooks.timeoutMs,
    body: '{}',
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent(config), 'X-Hook-Secret': secret },
  });
  return result.ok ? { ok: true, secret } : { ok: false, result };
}

/** True for `X-Skip-Handshake: true` or `1`. */
export const skipsHandshake = (header: string | undefined) => header !== undefined && ['true', '1'].includes(header.trim().toLowerCase());

export function presentHook(row: HookRow, secret?: string): Webhook {
  const out: Webhook = {
    id: row.id,
    targetUrl: row.targetUrl,
    events: row.events as Webhook['events'],
    project: row.projectId === null ? null : prefixed(row.projectId),
    active: row.active,
    isActive: row.active,
    createdAt: toDateTime(row.createdAt),
    lastUsedAt: row.lastUsedAt ? toDateTime(row.lastUsedAt) : null,
    consecutiveFailures: row.consecutiveFailures,
    failingSince: row.failingSince ? toDateTime(row.failingSince) : null,
    disabledAt: row.disabledAt ? toDateTime(row.disabledAt) : null,
  };
  if (secret !== undefined) out.secret = secret;
  return out;
}

/** The handshake's failure, for the 422 `Invalid callback` body: the status and the start of the answer, or why none came. */
export function describeFailure(r: PostResult): string {
  if (r.status === undefined) return `The handshake failed: ${r.error ?? 'no answer'}`;
  const start = r.excerpt.trim().slice(0, 120);
  return `The handshake was answered with HTTP ${r.status}${start ? `: ${start}` : ''}`;
}
