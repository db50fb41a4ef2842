import { and, eq, gt } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Invitation } from '../../../contract/users.ts';
import type { Db } from '../../db/client.ts';
import { invitations, teams, users } from '../../db/schema/index.ts';
import type { AppEnv, Deps, UserRow } from '../../http/env.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, passwordProblem } from '../../lib/passwords.ts';
import { toDateTime } from '../../lib/time.ts';
import { esc, hidden, messagePage, sendPage } from '../../oauth/pages.ts';
import { randomToken, readForm, secretHash } from '../../oauth/util.ts';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

const tokenHash = (deps: Pick<Deps, 'secrets'>, token: string) => secretHash(deps, 'invitation', token);

/**
 * Issues the invitation of `user` (an invited user): a fresh unguessable token, of which only a keyed hash is
 * stored; an earlier link of the same user stops working. Answers the link (`PUBLIC_URL/invitation?token=…`).
 */
export async function issueInvitation(deps: Pick<Deps, 'secrets' | 'clock' | 'config'>, db: Db, user: Pick<UserRow, 'id' | 'teamId'>): Promise<Invitation> {
  const token = randomToken();
  const expiresAt = new Date(deps.clock().getTime() + INVITATION_DAYS * 24 * 3600 * 1000);
  const row = { userId: user.id, teamId: user.teamId, tokenHash: tokenHash(deps, token), expiresAt };
  await db
    .insert(invitations)
    .values(row)
    .onConflictDoUpdate({ target: invitations.userId, set: { tokenHash: row.tokenHash, expiresAt, createdAt: deps.clock() } });
  return { invitationUrl: `${deps.config.publicUrl}/invitation?token=${token}`, invitationExpiresAt: toDateTime(expiresAt) };
}

type Found =
  | { ok: true; user: UserRow; teamName: string }
  | { ok: false; status: 404 | 410; title: string; message: string };

const NOT_VALID = {
  ok: false,
  status: 404,
  title: 'This invitation link does not work',
  message: 'It may have been used already, replaced by a newer one, or copied incompletely. Ask your Timekeep admin to send you a new one.',
} as const;

/** The invited user a token names, if the link still works. */
async function findInvitation(deps: Deps, token: string): Promise<Found> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return NOT_VALID;
  const [row] = await deps.db
    .select({ invitation: invitations, user: users, teamName: teams.name })
    .from(invitations)
    .innerJoin(users, and(eq(users.id, invitations.userId), eq(users.teamId, invitations.teamId)))
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .where(eq(invitations.tokenHash, tokenHash(deps, token)))
    .limit(1);
  if (!row || row.user.status !== 'invited') return NOT_VALID;
  if (row.invitation.expiresAt.getTime() <= deps.clock().getTime())
    return {
      ok: false,
      status: 410,
      title: 'This invitation has expired',
      message: `Invitation links work for ${INVITATION_DAYS} days. Ask your Timekeep admin to send you a new one.`,
    };
  return { ok: true, user: row.user, teamName: row.teamName };
}

function invitationPage(opts: { token: string; user: UserRow; teamName: string; error?: string }) {
  return `<h1>Join ${esc(opts.teamName)} on Timekeep</h1>
<p class="muted">You were invited as <strong>${esc(opts.user.name)}</strong> (${esc(opts.user.email)}). Choose a password to finish; you sign in with your email and this password.</p>
${opts.error ? `<div class="alert" role="alert">${esc(opts.error)}</div>` : ''}
<form method="post" action="/invitation">${hidden({ token: opts.token })}
<input type="email" name="email" autocomplete="username" value="${esc(opts.user.email)}" hidden readonly>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required autofocus aria-describedby="password-rule">
<p id="password-rule" class="muted">At least ${MIN_PASSWORD_LENGTH} characters.</p>
<label for="confirm">Repeat the password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<button class="primary full" type="submit">Set password and join</button>
</form>`;
}

const refused = (c: Context<AppEnv>, found: Extract<Found, { ok: false }>) =>
  sendPage(c, found.title, messagePage(found.title, found.message), { status: found.status });

/** The invitation page and its form: the invited person sets a password and becomes active. */
export function registerInvitationRoutes(app: Hono<AppEnv>) {
  app.get('/invitation', async (c) => {
    const deps = c.get('deps');
    const token = c.req.query('token') ?? '';
    const found = await findInvitation(deps, token);
    if (!found.ok) return refused(c, found);
    return sendPage(c, 'Join your team', invitationPage({ token, user: found.user, teamName: found.teamName }));
  });

  app.post('/invitation', async (c) => {
    const deps = c.get('deps');
    const form = await readForm(c);
    if (!form)
      return sendPage(c, 'Try again', messagePage('This form could not be read', 'Open the invitation link again and retry.'), { status: 400 });
    const token = form.get('token') ?? '';
    const password = form.get('password') ?? '';
    const found = await findInvitation(deps, token);
    if (!found.ok) return refused(c, found);
    const again = (error: string) =>
      sendPage(c, 'Join your team', invitationPage({ token, user: found.user, teamName: found.teamName, error }), { status: 422 });
    const problem = passwordProblem(password);
    if (problem) return again(`The password ${problem}.`);
    if (password !== (form.get('confirm') ?? '')) return again('The two passwords are not the same. Type the same password twice.');
    const passwordHash = await hashPassword(password);
    // Single use: the invitation row is taken (deleted) and the user activated in one transaction; a second
    // submission of the same link, even at the same moment, finds nothing to take.
    const joined = await deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .delete(invitations)
        .where(and(eq(invitations.tokenHash, tokenHash(deps, token)), gt(invitations.expiresAt, deps.clock())))
        .returning({ userId: invitations.userId, teamId: invitations.teamId });
      if (!taken) return false;
      const [user] = await tx
        .update(users)
        .set({ passwordHash, status: 'active' })
        .where(and(eq(users.id, taken.userId), eq(users.teamId, taken.teamId), eq(users.status, 'invited')))
        .returning({ id: users.id });
      return user !== undefined;
    });
    if (!joined) return refused(c, NOT_VALID);
    deps.authCache?.invalidate({ user: found.user.id });
    const web = deps.config.webOrigins[0];
    return sendPage(
      c,
      'You have joined',
      `<h1>Welcome to ${esc(found.teamName)}</h1><p role="status">Your password is set and your account is active. Sign in with ${esc(found.user.email)} and your new password.</p>${
        web ? `<p><a href="${esc(web)}/">Open Timekeep</a></p>` : ''
      }`,
    );
  });
}
