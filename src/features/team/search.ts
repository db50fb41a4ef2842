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

/** People whose name or email holds the search text (any case), of the chosen role. */
export function filterPeople<T extends { name: string; email?: string | undefined; role: Role }>(people: readonly T[], s: TeamSearch): T[] {
  const q = s.q?.toLowerCase();
  return people.filter(
    (p) => (!s.role || p.role === s.role) && (!q || p.name.toLowerCase().includes(q) || (p.email ?? '').toLowerCase().includes(q)),
  );
}
