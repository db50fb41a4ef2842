import type { User } from '../../../contract/users.ts';
import { weekStartOf } from '../../features/shell/week-start.ts';

/**
 * What the last visit learnt of the signed-in user that the first screen's requests need (id, time zone,
 * week start), so they can start alongside `/users/me` instead of after it. Only a guess: the loaders
 * check it against `/users/me` and fetch again when it was wrong (another user, a changed setting).
 */
export interface KnownUser {
  id: number;
  timezone: number;
  weekStart: number;
}

const KEY = 'timekeep.knownUser';

export function knownUser(): KnownUser | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<KnownUser> | null;
    if (v && typeof v.id === 'number' && typeof v.timezone === 'number' && typeof v.weekStart === 'number') return v as KnownUser;
  } catch {
    // No storage, or a damaged entry: no guess.
  }
  return null;
}

/** The user as `/users/me` says, remembered for the next visit; returns it. */
export function rememberUser(me: Pick<User, 'id' | 'timezone' | 'weekStart' | 'team'>): KnownUser {
  const known = { id: me.id, timezone: me.timezone ?? 0, weekStart: weekStartOf(me) };
  try {
    localStorage.setItem(KEY, JSON.stringify(known));
  } catch {
    // Without storage the next visit waits for /users/me, as before.
  }
  return known;
}
