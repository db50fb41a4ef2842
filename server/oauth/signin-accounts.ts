import { asc, eq } from 'drizzle-orm';
import { teams, users } from '../db/schema/index.ts';
import type { Deps, UserRow } from '../http/env.ts';
import { verifyPassword } from '../lib/passwords.ts';

/**
 * Password checks made on every sign-in, in parallel, whatever the number of accounts with the email:
 * the time of an answer does not tell whether an address also exists in other teams (up to this many).
 */
const CHECKS_AT_LEAST = 3;
/** Accounts with one email considered (one per team). */
const MAX_ACCOUNTS = 20;

export type SignInAccounts =
  /** No account opened; `tried` are the accounts with that email (their teams' audit logs record the failure). */
  | { kind: 'none'; tried: UserRow[] }
  | { kind: 'one'; user: UserRow }
  /** The email and password open active accounts in several teams and no (valid) team was chosen. */
  | { kind: 'choose'; teams: { id: number; name: string }[] };

/**
 * The account an email and password sign in to. An email is unique within a team only: when the password
 * opens accounts in several teams, the person chooses the team (`teamId`); only teams whose account that
 * password opens are named, so nobody learns of accounts they cannot open.
 */
export async function signInAccounts(deps: Deps, email: string, password: string, teamId: number | undefined): Promise<SignInAccounts> {
  const rows = email
    ? await deps.db
        .select({ user: users, teamName: teams.name })
        .from(users)
        .innerJoin(teams, eq(teams.id, users.teamId))
        .where(eq(users.email, email))
        .orderBy(asc(teams.name), asc(teams.id))
        .limit(MAX_ACCOUNTS)
    : [];
  const hashes = [...rows.map((r) => r.user.passwordHash), ...Array<null>(Math.max(0, CHECKS_AT_LEAST - rows.length)).fill(null)];
  const ok = await Promise.all(hashes.map((h) => verifyPassword(password, h)));
  const opened = rows.filter((r, i) => ok[i] && r.user.status === 'active');
  if (opened.length === 0) return { kind: 'none', tried: rows.map((r) => r.user) };
  if (opened.length === 1) return { kind: 'one', user: opened[0]!.user };
  const chosen = opened.find((r) => r.user.teamId === teamId);
  if (chosen) return { kind: 'one', user: chosen.user };
  return { kind: 'choose', teams: opened.map((r) => ({ id: r.user.teamId, name: r.teamName })) };
}
