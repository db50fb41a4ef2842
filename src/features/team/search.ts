import type { Role } from '../../../contract/users.ts';
import type { TeamSearch } from './search-params.ts';

export { parseTeamSearch, type TeamSearch } from './search-params.ts';

/** People whose name or email holds the search text (any case), of the chosen role. */
export function filterPeople<T extends { name: string; email?: string | undefined; role: Role }>(people: readonly T[], s: TeamSearch): T[] {
  const q = s.q?.toLowerCase();
  return people.filter(
    (p) => (!s.role || p.role === s.role) && (!q || p.name.toLowerCase().includes(q) || (p.email ?? '').toLowerCase().includes(q)),
  );
}
