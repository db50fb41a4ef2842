import { webhookEvents } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { EventKind } from '../../../contract/webhooks.ts';

export { eventKinds, type EventKind } from '../../../contract/webhooks.ts';

export interface EventInput {
  kind: EventKind;
  /** The acting user. */
  actorId: number;
  /** Id of the resource as on the wire (`ev:12`, or a number as a string). */
  resourceId: string;
  /** The resource in the same shape as its REST response. */
  resource: unknown;
  /** Integer id of the project the event belongs to (null for client-level events). */
  projectId: number | null;
  /** Related project ids (wire form) and user ids. */
  projects: string[];
  users: number[];
}

/**
 * Records an event in the outbox. Call it with the transaction's scope, so the event exists
 * if and only if the change was committed.
 */
export async function emitEvent(scope: Scope, e: EventInput): Promise<void> {
  await scope.insert(webhookEvents, {
    kind: e.kind,
    actorId: e.actorId,
    resourceId: e.resourceId,
    payload: JSON.stringify(e.resource),
    projectId: e.projectId,
    attributesProjects: e.projects,
    attributesUsers: e.users,
  });
  nudge();
}

/**
 * Workers in this process listen here so a new event is picked up soon after its transaction commits,
 * instead of at the next poll. A nudge that comes before the commit finds nothing; the poll still covers it.
 */
const listeners = new Set<() => void>();
let pending: ReturnType<typeof setTimeout> | undefined;
const NUDGE_DELAY_MS = 5;

export function onOutboxWrite(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function nudge() {
  if (pending || listeners.size === 0) return;
  pending = setTimeout(() => {
    pending = undefined;
    for (const l of listeners) l();
  }, NUDGE_DELAY_MS);
  pending.unref?.();
}
