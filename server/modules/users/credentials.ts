import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { appRoutes } from '../../../contract/apps.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { auditCaller, recordAudit } from '../audit/record.ts';
import type { AppEnv } from '../../http/env.ts';
import { notFound } from '../../http/errors.ts';
import { register } from '../../http/route.ts';
import { newApiKey } from '../../lib/secrets.ts';
import { toDateTime } from '../../lib/time.ts';
import { authorisedApps, revokeApp } from '../../oauth/authorised-apps.ts';

/** The caller's own credentials: the OAuth apps they authorised (with revoke), and their API key (with rotate). */
export function registerCredentialRoutes(app: Hono<AppEnv>) {
  register(app, appRoutes.list, async (c, _in, caller) => {
    const apps = await authorisedApps(c.get('deps'), caller.user.id);
    return apps.map(({ since, lastUsed, ...a }) => ({ ...a, authorisedAt: toDateTime(since), lastUsedAt: lastUsed ? toDateTime(lastUsed) : null }));
  });

  register(app, appRoutes.revoke, async (c, { params }, caller) => {
    if (!(await revokeApp(c.get('deps'), caller.user.id, params.client_id))) throw notFound('App');
  });

  register(app, appRoutes.rotateApiKey, async (c, _in, caller) => {
    const { db, secrets } = c.get('deps');
    const apiKey = newApiKey();
    // Requests are authenticated by the key's hash; the cached caller of the old key is dropped (in every instance): it is refused from here on.
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ apiKeyEnc: secrets.encrypt(apiKey), apiKeyHash: secrets.hash(apiKey) })
        .where(eq(users.id, caller.user.id));
      // Never the key itself: only that it changed.
      await recordAudit(tx as unknown as Db, auditCaller(c, caller), { kind: 'api_key.rotated', subject: { type: 'user', id: caller.user.id, name: caller.user.name } });
    });
    c.get('deps').authCache?.invalidate({ user: caller.user.id });
    return { apiKey };
  });
}
