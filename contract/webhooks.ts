import { z } from 'zod';
import { dateTimeString, numericId, numericIdParam, projectId, queryBool, queryInt, queryLimit } from './common.ts';
import { defineRoute } from './route.ts';

/** Every event kind a webhook can subscribe to (spec, Events). */
export const eventKinds = [
  'api:project:created', 'api:project:updated', 'api:project:removed',
  'api:task:created', 'api:task:updated', 'api:task:removed', 'api:task:recovered',
  'api:timer:started', 'api:timer:stopped',
  'api:time:updated',
  'api:section:created', 'api:section:updated', 'api:section:removed', 'api:section:recovered',
  'api:client:created', 'api:client:updated',
  'api:estimate:updated',
  'api:invoice:created', 'api:invoice:updated', 'api:invoice:deleted',
] as const;
export const eventKind = z.enum(eventKinds, { error: `Must be one of ${eventKinds.join(', ')}` });
export type EventKind = z.infer<typeof eventKind>;

/** Kinds a project-scoped webhook cannot take (spec, Webhooks rule 5). */
export const teamOnlyEventKinds: readonly EventKind[] = eventKinds.filter(
  (k) => k === 'api:project:created' || k.startsWith('api:client:') || k.startsWith('api:invoice:'),
);

export const MAX_TARGET_URL_LENGTH = 2048;

/** `http(s)://…`, at most 2,048 characters. Address checks (no private targets) happen on the server. */
export const targetUrl = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(MAX_TARGET_URL_LENGTH, `Must be at most ${MAX_TARGET_URL_LENGTH} characters`)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'Must be an http or https URL');

const eventList = z
  .array(eventKind)
  .min(1, 'At least one event is required')
  .max(eventKinds.length * 2)
  .transform((list) => [...new Set(list)]);

export const webhook = z.object({
  id: numericId,
  targetUrl: z.string(),
  events: z.array(eventKind),
  /** Project the webhook is scoped to; null for the whole team. */
  project: projectId.nullable(),
  /** Spec name. */
  active: z.boolean(),
  /** Public-service name of the same flag. */
  isActive: z.boolean(),
  createdAt: dateTimeString,
  /** Time of the last delivery attempt; null before the first. */
  lastUsedAt: dateTimeString.nullable(),
  /** Failed delivery attempts in a row since the last success (0 when the last one worked). */
  consecutiveFailures: z.number().int().min(0),
  /** When the current run of failures began; null when the last attempt worked. */
  failingSince: dateTimeString.nullable(),
  /**
   * When delivery failures turned the webhook off; null when it is active, or when its owner turned it off
   * (`POST /hooks/{id}/deactivate`: `active` false with `disabledAt` null).
   */
  disabledAt: dateTimeString.nullable(),
  /**
   * Signing secret for `X-Hook-Signature`, present only in the response that created (or restored)
   * the webhook with the handshake skipped. With a handshake the receiver got it as `X-Hook-Secret`.
   */
  secret: z.string().optional(),
});
export type Webhook = z.infer<typeof webhook>;

export const createWebhookBody = z.object({
  targetUrl,
  events: eventList,
  project: projectId.nullable().optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** `targetUrl` is accepted and ignored; an absent `project` keeps the current scope, `null` clears it. */
export const updateWebhookBody = z.object({
  /** May be sent (clients send the whole webhook back) but must be the hook's own: a webhook's URL does not change. */
  targetUrl: z.string().optional(),
  events: eventList,
  project: projectId.nullable().optional(),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

/** One delivery attempt in the log. */
export const webhookAttempt = z.object({
  id: numericId,
  event: eventKind,
  /** `X-Hook-Delivery` of the delivery this attempt belongs to (the same for all its retries). */
  deliveryId: z.string().uuid(),
  attempt: z.number().int().min(1),
  /** HTTP status of the receiver's answer; null when no answer came (see `error`). */
  statusCode: z.number().int().nullable(),
  /** Why the attempt failed without an answer (timeout, connection refused, address refused). */
  error: z.string().nullable(),
  /** Start of the receiver's answer, at most 200 characters. */
  responseExcerpt: z.string().nullable(),
  durationMs: z.number().int().min(0),
  success: z.boolean(),
  createdAt: dateTimeString,
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

/** A delivery queued again by the redeliver operation. */
export const webhookDelivery = z.object({
  deliveryId: z.string().uuid(),
  event: eventKind,
  status: z.enum(['pending', 'delivered']),
  attempts: z.number().int().min(0),
  nextAttemptAt: dateTimeString,
});

const params = z.object({ id: numericIdParam });
const deliveryParams = z.object({
  id: numericIdParam,
  deliveryId: z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/).transform((s) => s.toLowerCase()),
});
const T = 'Webhooks';

export const webhookRoutes = {
  list: defineRoute({ method: 'get', path: '/hooks', tag: T, summary: "List the caller's webhooks", status: 200, response: z.array(webhook) }),
  get: defineRoute({ method: 'get', path: '/hooks/{id}', tag: T, summary: 'Get a webhook', params, status: 200, response: webhook }),
  create: defineRoute({
    method: 'post',
    path: '/hooks',
    tag: T,
    summary: 'Create a webhook (handshake unless X-Skip-Handshake: true); restores a disabled one for the same targetUrl with 200',
    body: createWebhookBody,
    status: 201,
    response: webhook,
    secret: true,
    answers: {
      200: 'A disabled webhook of the caller for the same targetUrl was restored (and handshaken again)',
      409: 'The caller already has an active webhook for this targetUrl',
      422: 'Validation failed, or the handshake failed (Invalid callback)',
    },
  }),
  update: defineRoute({
    method: 'put',
    path: '/hooks/{id}',
    tag: T,
    summary: 'Change events and project, handshake again and reactivate; a different targetUrl is refused (422)',
    params,
    body: updateWebhookBody,
    status: 200,
    response: webhook,
    secret: true,
  }),
  remove: defineRoute({ method: 'delete', path: '/hooks/{id}', tag: T, summary: 'Delete a webhook', params, status: 204 }),
  deactivate: defineRoute({
    method: 'post',
    path: '/hooks/{id}/deactivate',
    tag: T,
    summary:
      'Turn a webhook off without deleting it: nothing is sent while it is off and events meanwhile are not kept for it; PUT /hooks/{id} turns it on again (with a handshake)',
    params,
    status: 200,
    response: webhook,
  }),
  deliveries: defineRoute({
    method: 'get',
    path: '/hooks/{id}/deliveries',
    tag: T,
    summary: 'Recent delivery attempts, newest first (kept 7 days)',
    params,
    query: z.object({
      limit: queryLimit(100).optional(),
      page: queryInt(1, 100_000).optional(),
      /** `true`: only the attempts that failed. */
      failed: queryBool.optional(),
    }),
    status: 200,
    response: z.array(webhookAttempt),
  }),
  redeliver: defineRoute({
    method: 'post',
    path: '/hooks/{id}/deliveries/{deliveryId}/redeliver',
    tag: T,
    summary: 'Send a delivery again (a pending one is retried now; a finished one is queued under a new delivery id)',
    params: deliveryParams,
    status: 200,
    response: webhookDelivery,
  }),
};
