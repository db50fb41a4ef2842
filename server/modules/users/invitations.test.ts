import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';

// An invited user joins by opening the link of their invitation and choosing a password; until then their API
// key is refused. The link works once, expires, and names one user of one team.

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let n = 0;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
});

interface Invited {
  id: number;
  email: string;
  apiKey: string;
  invitationUrl: string;
  invitationExpiresAt: string;
}

async function invite(as = r.admin, email = `invitee-${++n}@example.test`): Promise<Invited> {
  const res = await t.call<Invited>('POST', '/team/users', { as, body: { name: `Invitee ${n}`, email, role: 'member' } });
  expect(res.status).toBe(201);
  return res.body;
}

const page = async (url: string) => {
  const u = new URL(url);
  const res = await t.app.request(`${u.pathname}${u.search}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
};
const me = (key: string) => t.call('GET', '/users/me', { headers: { 'X-Api-Key': key } });
const statusOf = async (id: number) => (await t.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]?.status;

describe('invitations', () => {
  it("refuses an invited user's API key with 401 and the error body until the invitation is accepted", async () => {
    const who = await invite();
    const refused = await me(who.apiKey);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 401, message: expect.stringContaining('invitation has not been accepted') });
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect((await t.call('POST', '/time', { headers: { 'X-Api-Key': who.apiKey }, body: { time: 60, date: '2026-05-01' } })).status).toBe(401);
  });

  it('answers the invite with a link that expires in 7 days; only a keyed hash of its token is stored', async () => {
    const before = Date.now();
    const who = await invite();
    const token = new URL(who.invitationUrl).searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const expires = Date.parse(`${who.invitationExpiresAt.replace(' ', 'T')}Z`);
    expect(expires - before).toBeGreaterThan(7 * 24 * 3600 * 1000 - 5000);
    expect(expires - before).toBeLessThanOrEqual(7 * 24 * 3600 * 1000 + 5000);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.userId, who.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$|^[\w-]{43}$/);
    // The list of the team shows the person as invited, never the link.
    const list = await t.call<Record<string, unknown>[]>('GET', '/team/users', { as: r.admin });
    const listed = list.body.find((u) => u.id === who.id)!;
    expect(listed).toMatchObject({ status: 'invited' });
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it('shows the invitation page, and accepting it sets the password and makes the user active: the key then works', async () => {
    const who = await invite();
    const shown = await page(who.invitationUrl);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.html).toContain(`Join ${r.team.name} on Timekeep`);
    expect(shown.html).toContain(who.email);
    expect(shown.html).toContain('type="password"');
    const accepted = await t.acceptInvitation(who.invitationUrl, 'a long new password');
    expect(accepted.status).toBe(200);
    expect(accepted.html).toContain('Your password is set and your account is active');
    expect(await statusOf(who.id)).toBe('active');
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, who.id));
    expect(await verifyPassword('a long new password', row!.hash)).toBe(true);
    expect((await me(who.apiKey)).status).toBe(200);
    expect(await t.db.select().from(invitations).where(eq(invitations.userId, who.id))).toEqual([]);
  });

  it('works once: the link is refused after it was used, also when sent twice at the same moment', async () => {
    const who = await invite();
    const [a, b] = await Promise.all([t.acceptInvitation(who.invitationUrl), t.acceptInvitation(who.invitationUrl, 'another password!')]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    const again = await t.acceptInvitation(who.invitationUrl, 'a third password');
    expect(again.status).toBe(404);
    expect(again.html).toContain('This invitation link does not work');
    expect((await page(who.invitationUrl)).status).toBe(404);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, who.id));
    expect(await verifyPassword('a third password', row!.hash)).toBe(false);
  });

  it('refuses an expired link with a page that says so; the user stays invited and their key refused', async () => {
    const who = await invite();
    await t.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.userId, who.id));
    const shown = await page(who.invitationUrl);
    expect(shown.status).toBe(410);
    expect(shown.html).toContain('This invitation has expired');
    expect((await t.acceptInvitation(who.invitationUrl)).status).toBe(410);
    expect(await statusOf(who.id)).toBe('invited');
    expect((await me(who.apiKey)).status).toBe(401);
  });

  it('lets an admin send a new link: the earlier one stops working; only for invited users of their own team', async () => {
    const who = await invite();
    const fresh = await t.call('POST', `/team/users/${who.id}/invitation`, { as: r.admin });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('no-store');
    expect(fresh.body.invitationUrl).not.toBe(who.invitationUrl);
    expect((await t.acceptInvitation(who.invitationUrl)).status).toBe(404);
    expect((await t.call('POST', `/team/users/${who.id}/invitation`, { as: r.supervisor })).status).toBe(403);
    const other = await t.roles();
    expect((await t.call('POST', `/team/users/${who.id}/invitation`, { as: other.admin })).status).toBe(404);
    expect((await t.call('POST', `/team/users/${r.member.id}/invitation`, { as: r.admin })).status).toBe(422);
    expect((await t.acceptInvitation(fresh.body.invitationUrl)).status).toBe(200);
    expect((await t.call('POST', `/team/users/${who.id}/invitation`, { as: r.admin })).status).toBe(422);
  });

  it("activates only the account of the link's team: the same address invited by another team stays invited", async () => {
    const other = await t.roles();
    const email = `both-${++n}@example.test`;
    const here = await invite(r.admin, email);
    const there = await invite(other.admin, email);
    expect((await t.acceptInvitation(there.invitationUrl)).status).toBe(200);
    expect(await statusOf(there.id)).toBe('active');
    expect(await statusOf(here.id)).toBe('invited');
    expect((await me(here.apiKey)).status).toBe(401);
    expect((await me(there.apiKey)).body).toMatchObject({ team: { id: other.team.id } });
  });

  it('answers plain errors on the page: a short password, two different passwords, a broken link', async () => {
    const who = await invite();
    const short = await t.acceptInvitation(who.invitationUrl, 'short');
    expect(short.status).toBe(422);
    expect(short.html).toContain('The password must be at least 8 characters.');
    const differ = await t.acceptInvitation(who.invitationUrl, 'one long password', 'another long password');
    expect(differ.status).toBe(422);
    expect(differ.html).toContain('The two passwords are not the same');
    expect(await statusOf(who.id)).toBe('invited');
    for (const url of [`${who.invitationUrl}x`, 'http://api.test/invitation?token=', 'http://api.test/invitation']) {
      const broken = await page(url);
      expect(broken.status, url).toBe(404);
      expect(broken.html).toContain('This invitation link does not work');
    }
    // The link still works after those mistakes.
    expect((await t.acceptInvitation(who.invitationUrl)).status).toBe(200);
  });
});
