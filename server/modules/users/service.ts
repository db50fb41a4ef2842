import { and, eq, ne } from 'drizzle-orm';
import type { Role, User } from '../../../contract/users.ts';
import type { Db } from '../../db/client.ts';
import { teams, users } from '../../db/schema/index.ts';
import type { TeamRow, UserRow } from '../../http/env.ts';
import { invalid } from '../../http/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newApiKey, type Secrets } from '../../lib/secrets.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import { toDateTime } from '../../lib/time.ts';
import { presentRateHistory, type RatePeriod } from './rates.ts';

export interface NewUser {
  teamId: number;
  name: string;
  email: string;
  role: Role;
  type?: 'employee' | 'contractor';
  rate?: number | undefined;
  cost?: number | undefined;
  capacity?: number | undefined;
  timezone?: number | undefined;
  password?: string | undefined;
  headline?: string;
  status?: 'active' | 'invited';
}

/** Creates a user with a fresh API key; answers the row and the key (shown once to the creator). */
export async function createUser(db: Db, secrets: Secrets, u: NewUser): Promise<{ row: UserRow; apiKey: string }> {
  const email = u.email.trim().toLowerCase();
  // Unique within the team only: other teams' addresses are neither refused nor revealed.
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, u.teamId), eq(users.email, email)))
    .limit(1);
  const duplicate = () => invalid('email', 'A user of this team already has this email');
  if (taken) throw duplicate();
  const apiKey = newApiKey();
  const [row] = await db
    .insert(users)
    .values({
      teamId: u.teamId,
      name: u.name.trim(),
      email,
      role: u.role,
      type: u.type ?? 'employee',
      status: u.status ?? 'active',
      headline: u.headline ?? '',
      rate: u.rate ?? 0,
      cost: u.cost ?? 0,
      capacity: u.capacity ?? 40 * 3600,
      timezone: u.timezone ?? 0,
      passwordHash: u.password ? await hashPassword(u.password) : null,
      apiKeyEnc: secrets.encrypt(apiKey),
      apiKeyHash: secrets.hash(apiKey),
    })
    .returning()
    .catch((e: unknown) => {
      // A concurrent create of the same email loses on the unique index.
      throw isUniqueViolation(e, 'users_team_email_uq') ? duplicate() : e;
    });
  return { row: row as UserRow, apiKey };
}

export async function createTeam(db: Db, name: string): Promise<TeamRow> {
  const [row] = await db.insert(teams).values({ name: name.trim() }).returning();
  return row as TeamRow;
}

/** True when `userId` is the team's only active admin. */
export async function isLastAdmin(db: Db, teamId: number, userId: number) {
  const others = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, userId)))
    .limit(1);
  return others.length === 0;
}

export const presentTeam = (t: TeamRow) => ({ id: t.id, name: t.name, weekStart: t.weekStart, createdAt: toDateTime(t.createdAt) });

export type Visibility = 'self' | 'admin' | 'supervisor' | 'names';

/**
 * A user as `viewer` may see them: names only for members; everything but money for supervisors;
 * rate and cost (in force today, and over time when `rates` is given) for admins only; the API key for its owner only.
 */
export function presentUser(
  u: UserRow,
  vis: Visibility,
  extras: { team?: TeamRow; apiKey?: string; viewerIsAdmin?: boolean; rates?: RatePeriod[] } = {},
): User {
  const base = { id: u.id, name: u.name, role: u.role, status: u.status, headline: u.headline, avatarUrl: u.avatarUrl };
  if (vis === 'names') return base;
  const full: User = {
    ...base,
    email: u.email,
    avatarUrlLarge: u.avatarUrl,
    phone: u.phone,
    capacity: u.capacity,
    timezone: u.timezone,
    type: u.type,
    createdAt: toDateTime(u.createdAt),
    dateFormat: u.dateFormat,
    timeFormat: u.timeFormat,
    timeRounding: u.timeRounding,
    country: u.country,
    ...(u.weekStart != null ? { weekStart: u.weekStart } : {}),
  };
  if (extras.team) {
    full.team = presentTeam(extras.team);
    if (u.weekStart == null) full.weekStart = extras.team.weekStart;
  }
  if (vis === 'self' && extras.apiKey) full.apiKey = extras.apiKey;
  if (vis === 'self' && u.locale) full.locale = u.locale as User['locale'];
  if (vis === 'admin' || (vis === 'self' && extras.viewerIsAdmin)) {
    full.rate = u.rate;
    full.cost = u.cost;
    if (extras.rates) full.costHistory = presentRateHistory(extras.rates);
  }
  return full;
}
