import type { Role } from '../../../contract/users.ts';

/** The team list's filters in the URL: `/team?q=ann&role=member`. */
export interface TeamSearch {
  q?: string | undefined;
  role?: Role | undefined;
}

const roles: readonly Role[] = ['admin', 'supervisor', 'member', 'member_limited'];

export function parseTeamSearch(raw: Record<string, unknown>): TeamSearch {
  const out: TeamSearch = {};
  if (typeof raw.q === 'string' && raw.q.trim()) out.q = raw.q.trim().slice(0, 100);
  if (typeof raw.role === 'string' && (roles as readonly string[]).includes(raw.role)) out.role = raw.role as Role;
  return out;
}
