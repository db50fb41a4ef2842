import * as oauth from 'oauth4webapi';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiKeyAnswer, connectedApp } from '../../../contract/apps.ts';
import { forgetThrottling, insecure, obtainTokens, registerClient, startServer, userWithPassword, type Env } from '../../test/oauth-support.ts';

let env: Env;
beforeAll(async () => {
  env = await startServer();
});
beforeEach(() => forgetThrottling(env));

const withKey = (key: string, path: string, method = 'GET') => fetch(`${env.base}${path}`, { method, headers: { 'X-Api-Key': key } });

describe('POST /users/me/api-key', () => {
  it('gives a new key that works, and refuses the old one from that moment', async () => {
    const user = await env.t.user((await env.t.team()).id, 'member');
    const res = await withKey(user.key, '/users/me/api-key', 'POST');
    expect(res.status).toBe(200);
    const { apiKey } = apiKeyAnswer.strict().parse(await res.json());
    expect(apiKey).toMatch(/^tk_/);
    expect(apiKey).not.toBe(user.key);

    const old = await withKey(user.key, '/users/me');
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ code: 401, message: 'Invalid API key' });
    const me = await withKey(apiKey, '/users/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: user.id, apiKey });
  });

  it('leaves the other users of the team alone', async () => {
    const team = await env.t.team();
    const [a, b] = [await env.t.user(team.id, 'admin'), await env.t.user(team.id, 'member')];
    expect((await withKey(a.key, '/users/me/api-key', 'POST')).status).toBe(200);
    expect((await withKey(b.key, '/users/me')).status).toBe(200);
  });

  it('answers 401 without credentials', async () => {
    const res = await fetch(`${env.base}/users/me/api-key`, { method: 'POST' });
    expect(res.status).toBe(401);
  });
});

describe('GET /users/me/apps and DELETE /users/me/apps/{client_id}', () => {
  it('lists the apps the user authorised, and a revoked one loses its refresh token at once', async () => {
    const user = await userWithPassword(env);
    const other = await userWithPassword(env);
    const app = await registerClient(env, 'https://ledger.example/cb', 'Ledger Bot');
    const { tokens, client } = await obtainTokens(env, { user, client: app });
    await obtainTokens(env, { user: other, client: await registerClient(env, 'https://other.example/cb', 'Not yours') });

    const list = await withKey(user.key, '/users/me/apps');
    expect(list.status).toBe(200);
    const apps = connectedApp.strict().array().parse(await list.json());
    expect(apps).toEqual([
      expect.objectContaining({ clientId: client.client_id, name: 'Ledger Bot', firstParty: false, origin: 'https://ledger.example' }),
    ]);
    expect(apps[0]!.lastUsedAt).not.toBeNull();

    // Another user cannot revoke it: to them it does not exist.
    expect((await withKey(other.key, `/users/me/apps/${client.client_id}`, 'DELETE')).status).toBe(404);

    const revoked = await withKey(user.key, `/users/me/apps/${client.client_id}`, 'DELETE');
    expect(revoked.status).toBe(204);
    const refresh = await oauth.refreshTokenGrantRequest(env.as, client, oauth.None(), tokens.refresh_token!, insecure);
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
    const me = await fetch(`${env.base}/users/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(401);
    expect(await (await withKey(user.key, '/users/me/apps')).json()).toEqual([]);
    expect((await withKey(user.key, `/users/me/apps/${client.client_id}`, 'DELETE')).status).toBe(404);
  });
});
