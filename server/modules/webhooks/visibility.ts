import { teamOnlyEventKinds, type EventKind } from '../../../contract/webhooks.ts';
import type { Role } from '../../../contract/users.ts';

/** What fan-out knows of an outbox event. */
export interface EventFacts {
  kind: string;
  teamId: number;
  /** Project (integer id) the event belongs to; null for client-level events. */
  projectId: number | null;
  /** Related users (for time and timers: whose time it is). */
  users: number[];
}

/** What fan-out knows of a hook's owner with respect to the event's project. */
export interface OwnerFacts {
  userId: number;
  role: Role;
  /** The project's privacy flag; undefined when the event has no project or the project no longer exists. */
  projectPrivate: boolean | undefined;
  assigned: boolean;
}

const personalKinds = new Set<string>(['api:time:updated', 'api:timer:started', 'api:timer:stopped']);

/**
 * Whether a hook receives an event: same team, a subscribed kind, its project for a project-scoped hook,
 * and nothing its owner may not read (DESIGN.md role table): members and limited members get no client
 * or invoice events, only their own time and timers, and only projects they can see (members: assigned or
 * non-private; limited members: assigned).
 */
export function hookSees(hook: { teamId: number; events: string[]; projectId: number | null }, owner: OwnerFacts, e: EventFacts): boolean {
  if (hook.teamId !== e.teamId || !hook.events.includes(e.kind)) return false;
  if (hook.projectId !== null && hook.projectId !== e.projectId) return false;
  // Invoices are for admins only (DESIGN.md role table), so are their events.
  if (e.kind.startsWith('api:invoice:')) return owner.role === 'admin';
  if (owner.role === 'admin' || owner.role === 'supervisor') return true;
  if (teamOnlyEventKinds.includes(e.kind as EventKind)) return false;
  if (personalKinds.has(e.kind) && !e.users.includes(owner.userId)) return false;
  if (e.projectId === null) return true;
  if (owner.projectPrivate === undefined) {
    // The project is gone (e.g. api:project:removed): only a hook scoped to it (access was checked when it was set) hears of it.
    return hook.projectId === e.projectId;
  }
  if (owner.assigned) return true;
  return owner.role === 'member' && !owner.projectPrivate;
}
