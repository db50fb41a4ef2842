import { webhookEvents } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';

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
export type EventKind = (typeof eventKinds)[number];

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
}
