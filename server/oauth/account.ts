import { and, eq, max } from 'drizzle-orm';
import type { Hono } from 'hono';
import { oauthClients, oauthConsents, oauthGrants, oauthRefreshTokens } from '../db/schema/index.ts';
import type { AppEnv } from '../http/env.ts';
import { toDateTime } from '../lib/time.ts';
import { FIRST_PARTY_NAME, isFirstParty } from './first-party.ts';
import { accountPage, messagePage, sendPage, signInPage } from './pages.ts';
import { csrfToken, csrfValid, sessionUser } from './session.ts';
import { revokeClientGrants } from './tokens.ts';
import { readForm } from './util.ts';

/** The account pages: the apps the user has authorised (with Revoke); sign-out lives in authorize.ts. */
export function registerAccountRoutes(app: Hono<AppEnv>) {
  app.get('/oauth/account', async (c) => {
    const deps = c.get('deps');
    const user = await sessionUser(c);
    if (!user) return sendPage(c, 'Sign in', signInPage({ csrf: csrfToken(c), params: {} }));
    const apps = await deps.db
      .select({ clientId: oauthClients.id, name: oauthClients.name, redirectUris: oauthClients.redirectUris, since: oauthConsents.createdAt })
      .from(oauthConsents)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthConsents.clientId))
      .where(eq(oauthConsents.userId, user.id))
      .orderBy(oauthConsents.createdAt);
    // Last use: the newest token issued to the app for this user (each sign-in and each hourly refresh issues one).
    const uses = await deps.db
      .select({ clientId: oauthGrants.clientId, at: max(oauthRefreshTokens.createdAt) })
      .from(oauthGrants)
      .innerJoin(oauthRefreshTokens, eq(oauthRefreshTokens.grantId, oauthGrants.id))
      .where(eq(oauthGrants.userId, user.id))
      .groupBy(oauthGrants.clientId);
    const lastUse = new Map(uses.map((u) => [u.clientId, u.at]));
    const day = (d: Date) => toDateTime(d).slice(0, 10);
    const when = (d: Date) => toDateTime(new Date(d)).slice(0, 16);
    const notice = c.req.query('revoked') === '1' ? 'Access revoked. The app can no longer use your account.' : undefined;
    return sendPage(
      c,
      'Authorised apps',
      accountPage({
        csrf: csrfToken(c),
        user,
        apps: apps.map((a) => {
          const used = lastUse.get(a.clientId);
          const firstParty = isFirstParty(deps, a);
          return {
            clientId: a.clientId,
            name: firstParty ? FIRST_PARTY_NAME : a.name,
            firstParty,
            origin: new URL(a.redirectUris[0]!).origin,
            since: day(a.since),
            lastUsed: used ? `${when(used)} UTC` : null,
          };
        }),
        ...(notice ? { notice } : {}),
      }),
    );
  });

  app.post('/oauth/account/revoke', async (c) => {
    const deps = c.get('deps');
    const form = await readForm(c);
    if (!form || !csrfValid(c, form))
      return sendPage(c, 'Try again', messagePage('This form has expired', 'Go back, reload the page and try again.'), { status: 403 });
    const user = await sessionUser(c);
    if (!user) return c.redirect('/oauth/account', 303);
    const clientId = form.get('client_id') ?? '';
    await deps.db.delete(oauthConsents).where(and(eq(oauthConsents.userId, user.id), eq(oauthConsents.clientId, clientId)));
    await revokeClientGrants(deps, user.id, clientId);
    return c.redirect('/oauth/account?revoked=1', 303);
  });
}
