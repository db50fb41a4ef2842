import type { oauthClients } from '../db/schema/index.ts';
import type { Deps } from '../http/env.ts';

type ClientRow = typeof oauthClients.$inferSelect;

/** The product's name, shown for its own web app whatever name the registration gave. */
export const FIRST_PARTY_NAME = 'Timekeep';

/**
 * True for the product's own web app: a client whose every redirect URI is on one of the web app's origins
 * (`WEB_ORIGINS`). Codes for it can only reach pages this deployment serves, so it needs no consent screen.
 */
export function isFirstParty(deps: Deps, client: Pick<ClientRow, 'redirectUris'>): boolean {
  const origins = deps.config.webOrigins;
  return (
    client.redirectUris.length > 0 &&
    client.redirectUris.every((uri) => {
      try {
        return origins.includes(new URL(uri).origin);
      } catch {
        return false;
      }
    })
  );
}

/** The name to show for a client: the product's own for its web app, the self-given one for others. */
export const clientDisplayName = (deps: Deps, client: Pick<ClientRow, 'redirectUris' | 'name'>) =>
  isFirstParty(deps, client) ? FIRST_PARTY_NAME : client.name;
