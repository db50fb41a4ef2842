import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { WebhookSettings } from '../config.ts';
import { hookDeliveries } from '../db/schema/index.ts';
import { emitEvent, type EventInput } from '../modules/webhooks/outbox.ts';
import { createWebhookWorker } from '../modules/webhooks/worker.ts';
import type { TestUser } from './harness.ts';
import { manualClock, type hookSuite, type Receiver } from './webhook-receiver.ts';

/** What the webhook delivery tests do again and again, on a `hookSuite`'s app and team. */
export function deliveryKit(suite: ReturnType<typeof hookSuite>) {
  /** A worker on the test database with its own clock (and settings). */
  function worker(settings: Partial<WebhookSettings> = {}, clock = manualClock()) {
    const w = createWebhookWorker(suite.t.deps, { clock, settings: { ...suite.t.deps.config.webhooks, ...settings }, random: () => 0.5 });
    return Object.assign(w, { clock });
  }

  /** Subscribes `as` to `rc` with a real handshake; returns the webhook and the secret the receiver got. */
  async function subscribe(as: TestUser, rc: Receiver, events: string[], project?: string) {
    const res = await suite.t.call('POST', '/hooks', { as, body: { targetUrl: rc.url, events, ...(project ? { project } : {}) } });
    expect(res.status).toBe(201);
    const secret = rc.handshakes().at(-1)!.headers['x-hook-secret'] as string;
    return { hook: res.body as { id: number }, secret };
  }

  const emit = (teamId: number, e: Partial<EventInput> & Pick<EventInput, 'kind'>) =>
    emitEvent(suite.t.scope(teamId), {
      actorId: suite.r.admin.id,
      resourceId: '1',
      resource: { id: 1 },
      projectId: null,
      projects: [],
      users: [],
      ...e,
    });

  /** When the hook's first undelivered delivery (in event order) is due. */
  async function nextDue(hookId: number) {
    const [row] = await suite.t.db
      .select({ at: hookDeliveries.nextAttemptAt })
      .from(hookDeliveries)
      .where(and(eq(hookDeliveries.hookId, hookId), eq(hookDeliveries.status, 'pending')))
      .orderBy(asc(hookDeliveries.eventId), asc(hookDeliveries.id))
      .limit(1);
    return row?.at;
  }

  const log = async (as: TestUser, hookId: number, q = '') => (await suite.t.call('GET', `/hooks/${hookId}/deliveries${q}`, { as })).body;

  return { worker, subscribe, emit, nextDue, log };
}
