import type { User } from '../../../contract/users.ts';

/** The user's week start: their own setting, else their team's, else Monday. */
export const weekStartOf = (u: Pick<User, 'weekStart' | 'team'>) => u.weekStart ?? u.team?.weekStart ?? 1;
