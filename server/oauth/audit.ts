import type { Context } from 'hono';
import type { AppEnv, UserRow } from '../http/env.ts';
import { auditPerson, recordAudit } from '../modules/audit/record.ts';

/**
 * Records a failed sign-in in the audit log of each team with an account of the email tried. The actor is
 * unknown (whoever typed it); the subject is the account. An email without any account has no team to tell.
 */
export async function auditFailedSignIn(c: Context<AppEnv>, accounts: readonly UserRow[], step: 'password' | 'code') {
  const db = c.get('deps').db;
  for (const u of accounts) {
    await recordAudit(db, auditPerson(c, u.teamId, null, `Failed sign-in as ${u.email}`), {
      kind: 'signin.failed',
      subject: { type: 'user', id: u.id, name: u.name },
      after: { step },
    });
  }
}

/** Records a person's change to their own two-factor sign-in, made on the server's account or sign-in pages. */
export async function auditTwoFactor(
  c: Context<AppEnv>,
  user: Pick<UserRow, 'id' | 'name' | 'teamId'>,
  kind: 'two_factor.enabled' | 'two_factor.disabled' | 'two_factor.recovery_codes_renewed',
) {
  await recordAudit(c.get('deps').db, auditPerson(c, user.teamId, user), { kind, subject: { type: 'user', id: user.id, name: user.name } });
}

/** Records a completed sign-in (after the password, and the code where two-factor is on). */
export async function auditSignIn(c: Context<AppEnv>, user: Pick<UserRow, 'id' | 'name' | 'teamId'>) {
  await recordAudit(c.get('deps').db, auditPerson(c, user.teamId, user), { kind: 'signin.succeeded', subject: { type: 'user', id: user.id, name: user.name } });
}
