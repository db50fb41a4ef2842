import type { Role } from '../../contract/users.ts';
import type { Caller } from './env.ts';
import { forbidden } from './errors.ts';

/** The role table of DESIGN.md, as predicates. */
export const isAdmin = (c: Caller) => c.user.role === 'admin';
/** Admins and supervisors. */
export const isManager = (c: Caller) => c.user.role === 'admin' || c.user.role === 'supervisor';
export const isLimited = (c: Caller) => c.user.role === 'member_limited';

/**
 * Whose rows a team list answers (`GET /team/time`, `/timecards`, `/team/timers`): everyone's (undefined) for
 * admins and supervisors, the caller's own for everyone else.
 */
export const ownUnlessManager = (c: Caller) => (isManager(c) ? undefined : c.user.id);

export function requireRole(c: Caller, roles: readonly Role[], message?: string) {
  if (!roles.includes(c.user.role)) throw forbidden(message);
}
export const requireAdmin = (c: Caller) => requireRole(c, ['admin'], 'Only admins can do this');
export const requireManager = (c: Caller) => requireRole(c, ['admin', 'supervisor'], 'Only admins and supervisors can do this');
