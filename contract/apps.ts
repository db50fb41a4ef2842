import { z } from 'zod';
import { dateTimeString } from './common.ts';
import { defineRoute } from './route.ts';

/** An OAuth app the user has authorised to act for them. */
export const connectedApp = z.object({
  clientId: z.string(),
  /** The name the app registered with; "Timekeep" for the product's own web app. */
  name: z.string(),
  /** The product's own web app (one entry per browser it signed in from). */
  firstParty: z.boolean(),
  /** Where the app sends the user back after sign-in (the origin of its first redirect URI). */
  origin: z.string(),
  authorisedAt: dateTimeString,
  /** When the app last got a token for the user; null when it never did. */
  lastUsedAt: dateTimeString.nullable(),
});
export type ConnectedApp = z.infer<typeof connectedApp>;

export const apiKeyAnswer = z.object({ apiKey: z.string() });

const T = 'Integrations';

/** The caller's own credentials: the apps they authorised, and their API key. */
export const appRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/users/me/apps',
    tag: T,
    summary: 'The OAuth apps the caller has authorised, oldest first, with when each last got a token',
    status: 200,
    response: z.array(connectedApp),
  }),
  revoke: defineRoute({
    method: 'delete',
    path: '/users/me/apps/{client_id}',
    tag: T,
    summary: "Revokes an app's access: its tokens stop working at once and it must ask for consent again",
    params: z.object({ client_id: z.string().min(1).max(200) }),
    status: 204,
  }),
  rotateApiKey: defineRoute({
    method: 'post',
    path: '/users/me/api-key',
    tag: T,
    summary: "Replaces the caller's API key with a new one; the old key is refused from this moment",
    status: 200,
    response: apiKeyAnswer,
    secret: true,
  }),
};
