import type { DashboardQuery } from '../../../contract/dashboards.ts';
import type { Caller } from '../../http/env.ts';
import { forbidden } from '../../http/errors.ts';
import { isAdmin, requireRole } from '../../http/permissions.ts';
import { parsePrefixedId } from '../../lib/ids.ts';
import type { Visibility } from './figures.ts';
import type { DashboardFilter } from './queries.ts';

/** The filter of a request, narrowed by the role: members only ever see their own time. */
export function filterFor(caller: Caller, teamId: number, q: DashboardQuery): { filter: DashboardFilter; visibility: Visibility } {
  requireRole(caller, ['admin', 'supervisor', 'member'], 'Your role has no dashboards');
  let memberId = q.memberId;
  if (caller.user.role === 'member') {
    if (memberId !== undefined && memberId !== caller.user.id) throw forbidden('Members see only their own time');
    memberId = caller.user.id;
  }
  const filter: DashboardFilter = {
    teamId,
    from: q['date.gte'],
    to: q['date.lte'],
    projectId: q.projectId ? parsePrefixedId(q.projectId) : undefined,
    clientId: q.clientId,
    memberId,
  };
  const visibility: Visibility = isAdmin(caller) ? 'all' : caller.user.role === 'supervisor' ? 'billable' : 'time';
  return { filter, visibility };
}
