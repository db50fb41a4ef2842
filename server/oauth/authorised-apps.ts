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
export async function authorisedApps(deps: Deps, userId: number): Promise<AuthorisedApp[]> {
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
  return apps.map((a) => {
    const firstParty = isFirstParty(deps, a);
    const used = lastUse.get(a.clientId);
    return {
      clientId: a.clientId,
      name: firstParty ? FIRST_PARTY_NAME : a.name,
      firstParty,
      origin: new URL(a.redirectUris[0]!).origin,
      since: a.since,
      lastUsed: used ? new Date(used) : null,
    };
  });
}

/** Takes back an app's access: its consent goes (it must ask again) and every token of its grants stops working. Answers whether it was authorised. */
export async function revokeApp(deps: Deps, userId: number, clientId: string): Promise<boolean> {
  const gone = await deps.db
    .delete(oauthConsents)
    .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, clientId)))
    .returning({ clientId: oauthConsents.clientId });
  await revokeClientGrants(deps, userId, clientId);
  return gone.length > 0;
}
