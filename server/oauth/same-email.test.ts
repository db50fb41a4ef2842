import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../modules/users/service.ts';
import { Browser, forgetThrottling, formFields, PASSWORD, startServer, type Env } from '../test/oauth-support.ts';

// An email is unique within a team only. Signing in on the server's pages stays unambiguous: the password
// picks the account, and when it opens accounts in several teams the person chooses among those teams only.
let env: Env;
const teams: Record<'alpha' | 'beta' | 'gamma', number> = { alpha: 0, beta: 0, gamma: 0 };

async function person(team: number, name: string, email: string, password: string) {
  return (await createUser(env.t.db, env.t.deps.secrets, { teamId: team, role: 'member', name, email, password })).row;
}

async function signIn(browser: Browser, fields: Record<string, string>) {
  const page = await (await browser.fetch(`${env.base}/oauth/account`)).text();
  return browser.post(`${env.base}/oauth/signin`, { ...formFields(page, '/oauth/signin'), ...fields });
}

const signedInAs = async (browser: Browser) =>
  /Signed in as <strong>([^<]+)<\/strong>/.exec(await (await browser.fetch(`${env.base}/oauth/account`)).text())?.[1];

beforeAll(async () => {
  env = await startServer();
  teams.alpha = (await env.t.team('Alpha Co')).id;
  teams.beta = (await env.t.team('Beta Co')).id;
  teams.gamma = (await env.t.team('Gamma Co')).id;
  await person(teams.alpha, 'Sam at Alpha', 'sam@example.test', PASSWORD);
  await person(teams.beta, 'Sam at Beta', 'sam@example.test', 'another long password');
  await person(teams.alpha, 'Pat at Alpha', 'pat@example.test', PASSWORD);
  await person(teams.beta, 'Pat at Beta', 'pat@example.test', PASSWORD);
  await person(teams.gamma, 'Pat at Gamma', 'pat@example.test', 'gamma password here');
});
beforeEach(() => forgetThrottling(env));

describe('signing in when two teams have the same email', () => {
  it('the password picks the account when each team’s account has its own', async () => {
    const a = new Browser();
    expect((await signIn(a, { email: 'sam@example.test', password: PASSWORD })).status).toBe(303);
    expect(await signedInAs(a)).toBe('Sam at Alpha');
    const b = new Browser();
    expect((await signIn(b, { email: 'SAM@example.test', password: 'another long password' })).status).toBe(303);
    expect(await signedInAs(b)).toBe('Sam at Beta');
  });

  it('asks which team when the password opens several, naming only those teams, and signs in to the one chosen', async () => {
    const browser = new Browser();
    const ask = await signIn(browser, { email: 'pat@example.test', password: PASSWORD });
    expect(ask.status).toBe(200);
    const html = await ask.text();
    expect(html).toContain('accounts in several teams');
    const options = [...html.matchAll(/<option value="(\d+)">([^<]+)<\/option>/g)].map((m) => [Number(m[1]), m[2]]);
    expect(options).toEqual([
      [teams.alpha, 'Alpha Co'],
      [teams.beta, 'Beta Co'],
    ]);
    expect(html).not.toContain('Gamma');
    expect(await signedInAs(browser)).toBeUndefined();

    const chosen = await browser.post(`${env.base}/oauth/signin`, {
      ...formFields(html, '/oauth/signin'),
      email: 'pat@example.test',
      password: PASSWORD,
      team: String(teams.beta),
    });
    expect(chosen.status).toBe(303);
    expect(await signedInAs(browser)).toBe('Pat at Beta');
  });

  it('a team whose account the password does not open cannot be chosen; a wrong password reads as an unknown email', async () => {
    const browser = new Browser();
    const gamma = await signIn(browser, { email: 'pat@example.test', password: PASSWORD, team: String(teams.gamma) });
    expect(gamma.status).toBe(200);
    expect(await gamma.text()).toContain('Choose the team');
    expect(await signedInAs(browser)).toBeUndefined();
    const wrong = await signIn(browser, { email: 'pat@example.test', password: 'not the password' });
    const ghost = await signIn(browser, { email: 'nobody-here@example.test', password: 'not the password' });
    expect([wrong.status, ghost.status]).toEqual([401, 401]);
    const message = (html: string) => /role="alert">([^<]+)</.exec(html)?.[1];
    expect(message(await wrong.text())).toBe(message(await ghost.text()));
  });
});
