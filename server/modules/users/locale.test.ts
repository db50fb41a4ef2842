import { beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../../contract/locales.ts';
import { user as userSchema } from '../../../contract/users.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
});

describe('PUT /users/me: the web app language', () => {
  it('is absent until chosen', async () => {
    const me = await t.call('GET', '/users/me', { as: r.member });
    expect(me.status).toBe(200);
    expect(me.body).not.toHaveProperty('locale');
  });

  it.each(['admin', 'supervisor', 'member', 'limited'] as const)('a %s keeps their own language, read back by GET /users/me', async (who) => {
    const saved = await t.call('PUT', '/users/me', { as: r[who], body: { locale: 'pt-BR' } });
    expect(saved.status).toBe(200);
    expect(userSchema.strict().safeParse(saved.body).success).toBe(true);
    expect(saved.body).toMatchObject({ id: r[who].id, locale: 'pt-BR' });
    const me = await t.call('GET', '/users/me', { as: r[who] });
    expect(me.body.locale).toBe('pt-BR');
  });

  it('changes only the caller: another user keeps theirs, and team lists never show it', async () => {
    await t.call('PUT', '/users/me', { as: r.admin, body: { locale: 'ar' } });
    await t.call('PUT', '/users/me', { as: r.supervisor, body: { locale: 'de' } });
    expect((await t.call('GET', '/users/me', { as: r.admin })).body.locale).toBe('ar');
    const team = await t.call('GET', '/team/users', { as: r.admin });
    expect(team.status).toBe(200);
    for (const u of team.body as object[]) expect(u).not.toHaveProperty('locale');
  });

  it('accepts every supported language', async () => {
    for (const locale of locales) {
      const saved = await t.call('PUT', '/users/me', { as: r.member, body: { locale } });
      expect(saved.body.locale).toBe(locale);
    }
  });

  it.each([
    ['an unsupported language', { locale: 'it' }, 'locale'],
    ['a tag in the wrong case', { locale: 'pt-br' }, 'locale'],
    ['a field it does not know', { locale: 'de', role: 'admin' }, '_'],
  ])('refuses %s with 422 and what is wrong, changing nothing', async (_, body, field) => {
    await t.call('PUT', '/users/me', { as: r.member, body: { locale: 'fr' } });
    const res = await t.call('PUT', '/users/me', { as: r.member, body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 422, message: 'Validation failed' });
    expect(Object.keys(res.body.errors)).toEqual([field]);
    const me = (await t.call('GET', '/users/me', { as: r.member })).body;
    expect(me).toMatchObject({ locale: 'fr', role: 'member' });
  });

  it('answers 400 when the language is missing, as for any missing required field', async () => {
    const res = await t.call('PUT', '/users/me', { as: r.member, body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message: expect.any(String) });
  });

  it('needs credentials', async () => {
    const res = await t.call('PUT', '/users/me', { body: { locale: 'de' } });
    expect(res.status).toBe(401);
  });
});
