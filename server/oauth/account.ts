import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { toDateTime } from '../lib/time.ts';
import { authorisedApps, revokeApp } from './authorised-apps.ts';
import { accountPage, messagePage, sendPage, signInPage } from './pages.ts';
import { csrfToken, csrfValid, sessionUser } from './session.ts';
import { readForm } from './util.ts';

/** The account pages: the apps the user has authorised (with Revoke); sign-out lives in authorize.ts. */
export function registerAccountRoutes(app: Hono<AppEnv>) {
  app.get('/oauth/account', async (c) => {
    const deps = c.get('deps');
    const user = await sessionUser(c);
    if (!user) return sendPage(c, 'Sign in', signInPage({ csrf: csrfToken(c), params: {} }));
    const apps = await authorisedApps(deps, user.id);
    const day = (d: Date) => toDateTime(d).slice(0, 10);
    const when = (d: Date) => toDateTime(new Date(d)).slice(0, 16);
    const notice = c.req.query('revoked') === '1' ? 'Access revoked. The app can no longer use your account.' : undefined;
    return sendPage(
      c,
      'Authorised apps',
      accountPage({
        csrf: csrfToken(c),
        user,
        apps: apps.map(({ since, lastUsed, ...a }) => ({ ...a, since: day(since), lastUsed: lastUsed ? `${when(lastUsed)} UTC` : null })),
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
    await revokeApp(deps, user.id, clientId);
    return c.redirect('/oauth/account?revoked=1', 303);
  });
}
