import { and, eq, max } from 'drizzle-orm';
import { oauthClients, oauthConsents, oauthGrants, oauthRefreshTokens } from '../db/schema/index.ts';
import type { Deps } from '../http/env.ts';
import { FIRST_PARTY_NAME, isFirstParty } from './first-party.ts';
import { revokeClientGrants } from './tokens.ts';

export interface AuthorisedApp {
  clientId: string;
  name: string;
  firstParty: boolean;
  origin: string;
  since: Date;
  lastUsed: Date | null;
}

/** The apps a user has authorised, oldest first, for the account page and `GET /users/me/apps`. */
export async function authorisedApps(deps: Deps, userId: number, opts: { every?: boolean } = {}): Promise<AuthorisedApp[]> {
  const apps = await deps.db
    .select({ clientId: oauthClients.id, name: oauthClients.name, redirectUris: oauthClients.redirectUris, since: oauthConsents.createdAt })
    .from(oauthConsents)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthConsents.clientId))
    .where(eq(oauthConsents.userId, userId))
    .orderBy(oauthConsents.createdAt);
  // Last use: the newest token issued to the app for this user (each sign-in and each hourly refresh issues one).
  const uses = await deps.db
    .select({ clientId: oauthGrants.clientId, at: max(oauthRefreshTokens.createdAt) })
    .from(oauthGrants)
    .innerJoin(oauthRefreshTokens, eq(oauthRefreshTokens.grantId, oauthGrants.id))
    .where(eq(oauthGrants.userId, userId))
    .groupBy(oauthGrants.clientId);
  const lastUse = new Map(uses.map((u) => [u.clientId, u.at]));
  const listed: AuthorisedApp[] = [];
  let webApp: AuthorisedApp | undefined;
  for (const a of apps) {
    const firstParty = isFirstParty(deps, a);
    const used = lastUse.get(a.clientId);
    const app = {
      clientId: a.clientId,
      name: firstParty ? FIRST_PARTY_NAME : a.name,
      firstParty,
      origin: new URL(a.redirectUris[0]!).origin,
      since: a.since,
      lastUsed: used ? new Date(used) : null,
    };
    if (!firstParty || opts.every) listed.push(app);
    else if (!webApp) listed.push((webApp = app));
    // The web app once, however many clients browsers registered for it before it had one: the latest use of any.
    else if (app.lastUsed && (!webApp.lastUsed || app.lastUsed > webApp.lastUsed)) webApp.lastUsed = app.lastUsed;
  }
  return listed;
}

/** Takes back an app's access: its consent goes (it must ask again) and every token of its grants stops working. Answers whether it was authorised. */
export async function revokeApp(deps: Deps, userId: number, clientId: string): Promise<boolean> {
  const [client] = await deps.db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
  // The web app is listed once, so taking it back takes back every client registered for it.
  const clientIds =
    client && isFirstParty(deps, client)
      ? (await authorisedApps(deps, userId, { every: true })).filter((a) => a.firstParty).map((a) => a.clientId)
      : [clientId];
  let gone = 0;
  for (const id of clientIds) {
    const rows = await deps.db
      .delete(oauthConsents)
      .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, id)))
      .returning({ clientId: oauthConsents.clientId });
    await revokeClientGrants(deps, userId, id);
    gone += rows.length;
  }
  return gone > 0;
}
