import type { Context } from 'hono';
import type { Role } from '../../contract/users.ts';
import type { AppEnv } from '../http/env.ts';
import { FAVICON_PATH, LOGO, PAGE_CSS, PAGE_CSS_HASH } from './page-style.ts';

/** Server-rendered pages of the authorization server: sign-in, consent, account, errors. */

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

/** Sends a page with the security headers: strict CSP (no script at all), no framing, no referrer, no caching. */
export function sendPage(c: Context<AppEnv>, title: string, body: string, opts: { status?: number; formTargets?: string[] } = {}) {
  const formAction = ["'self'", ...(opts.formTargets ?? [])].join(' ');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${PAGE_CSS_HASH}; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  );
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} · Timekeep</title><link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml"><style>${PAGE_CSS}</style></head>
<body><main><div class="brand">${LOGO}<span>Timekeep</span></div>
${body}
</main></body></html>`;
  return c.html(html, (opts.status ?? 200) as 200);
}

export const hidden = (fields: Record<string, string | undefined>) =>
  Object.entries(fields)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');

const alert = (message?: string) => (message ? `<div class="alert" role="alert">${esc(message)}</div>` : '');

const teamChoice = (teams?: { id: number; name: string }[]) =>
  teams
    ? `<label for="team">Team</label>
<select id="team" name="team" required autofocus>${teams.map((t) => `<option value="${t.id}">${esc(t.name)}</option>`).join('')}</select>
`
    : '';

export function signInPage(opts: {
  csrf: string;
  params: Record<string, string | undefined>;
  appName?: string;
  email?: string;
  error?: string;
  /** Teams to choose from when the email and password open accounts in several. */
  teams?: { id: number; name: string }[];
}) {
  const lead = opts.appName
    ? `<p class="muted">to continue to <strong>${esc(opts.appName)}</strong></p>`
    : `<p class="muted">to manage the apps that use your account</p>`;
  return `<h1>Sign in</h1>${lead}${alert(opts.error)}
<form method="post" action="/oauth/signin">${hidden({ csrf_token: opts.csrf, ...opts.params })}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" required${opts.teams ? '' : ' autofocus'} value="${esc(opts.email ?? '')}">
${teamChoice(opts.teams)}<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<label class="check" for="remember"><input id="remember" name="remember" type="checkbox" value="1">Keep me signed in on this device for 30 days (signing out of an app then keeps you signed in here)</label>
<button class="primary full" type="submit">Sign in</button>
</form>`;
}

/** What an app can do for each role (DESIGN.md role table), in words. */
export const ROLE_ABILITIES: Record<Role, string[]> = {
  admin: [
    'See and change your own time, timer, timecards and expenses, and submit your weeks for approval',
    "See and edit everyone's time, timecards and timesheets, and approve or reject weeks",
    'Manage clients, projects, tasks, budgets, billing and rates',
    'Manage the team (including rates and costs), time off, and read every dashboard',
    'Manage your webhooks',
  ],
  supervisor: [
    'See and change your own time, timer, timecards and expenses, and submit your weeks for approval',
    "See everyone's time, timecards and timesheets, and approve or reject weeks",
    'Read clients and budgets (without rates or costs); manage projects that are not change-protected, their tasks and fields',
    'Request time off and read dashboards (time and billable amounts)',
    'Manage your webhooks',
  ],
  member: [
    'See and change your own time, timer, timecards and expenses, and submit your weeks for approval',
    'Read client names and the projects you can see; create and edit tasks on projects assigned to you',
    'Request time off and read your own time on dashboards',
    'Manage your webhooks',
  ],
  member_limited: [
    'See and change your own time, timer and timecards on the projects assigned to you, and submit your weeks for approval',
    'Read the projects assigned to you and their tasks',
    'Request time off',
    'Manage your webhooks',
  ],
};

export const ROLE_LABEL: Record<Role, string> = {
  admin: 'Admin',
  supervisor: 'Supervisor',
  member: 'Member',
  member_limited: 'Limited member',
};

export function consentPage(opts: {
  csrf: string;
  params: Record<string, string | undefined>;
  appName: string;
  redirectHost: string;
  forMcp: boolean;
  user: { name: string; email: string; role: Role };
}) {
  const abilities = ROLE_ABILITIES[opts.user.role].map((a) => `<li>${esc(a)}</li>`).join('');
  return `<div class="who"><span>Signed in as <strong>${esc(opts.user.name)}</strong> (${esc(opts.user.email)}), ${esc(ROLE_LABEL[opts.user.role])}</span>
<form method="post" action="/oauth/signout">${hidden({ csrf_token: opts.csrf, ...opts.params })}<button class="link" type="submit">Not you?</button></form></div>
<h1>Allow “${esc(opts.appName)}” to use your Timekeep account?</h1>
<p class="unverified"><strong>Unverified app.</strong> Timekeep has not checked who made this app; its name is the one it gave itself. Continue only if you trust it. It will be sent back to <code>${esc(opts.redirectHost)}</code>.</p>
${opts.forMcp ? '<p>It connects as an AI assistant tool (MCP) and works only through that connection.</p>' : ''}
<h2>It will be able to</h2>
<ul>${abilities}</ul>
<p class="muted">It acts as you and can do nothing you cannot do yourself. You can revoke its access at any time on your <a href="/oauth/account">account page</a>.</p>
<form method="post" action="/oauth/authorize">${hidden({ csrf_token: opts.csrf, ...opts.params })}
<div class="actions"><button class="secondary" type="submit" name="decision" value="deny">Deny</button><button class="primary" type="submit" name="decision" value="allow">Allow</button></div>
</form>`;
}

/** The web app, with someone already signed in on this device: continue as them, or sign in as someone else. */
export function continuePage(opts: { csrf: string; params: Record<string, string | undefined>; user: { name: string; email: string } }) {
  return `<h1>Continue to Timekeep</h1>
<p>You are signed in on this device as <strong>${esc(opts.user.name)}</strong> (${esc(opts.user.email)}).</p>
<form method="post" action="/oauth/authorize">${hidden({ csrf_token: opts.csrf, ...opts.params })}
<button class="primary full" type="submit" name="decision" value="allow">Continue as ${esc(opts.user.name)}</button></form>
<form class="switch" method="post" action="/oauth/signout">${hidden({ csrf_token: opts.csrf, ...opts.params })}<button class="link" type="submit">Not you? Sign in as someone else</button></form>`;
}

export interface AuthorisedApp {
  clientId: string;
  name: string;
  /** The product's own web app (one entry per browser it signed in on). */
  firstParty: boolean;
  /** Where it sends people back to (the web app's origin). */
  origin: string;
  since: string;
  lastUsed: string | null;
}

const appLine = (a: AuthorisedApp) =>
  a.firstParty
    ? `Timekeep web app on ${esc(a.origin)} · last used ${esc(a.lastUsed ?? a.since)}`
    : `Unverified app · allowed ${esc(a.since)} · ${a.lastUsed ? `last used ${esc(a.lastUsed)}` : 'not used yet'}`;

export function accountPage(opts: {
  csrf: string;
  user: { name: string; email: string };
  apps: AuthorisedApp[];
  notice?: string;
  /** The Two-factor section, below the apps. */
  twoFactor?: string;
}) {
  const list = opts.apps.length
    ? `<ul class="apps">${opts.apps
        .map(
          (a) => `<li><span><strong>${esc(a.name)}</strong><br><span class="muted">${appLine(a)}</span></span>
<form method="post" action="/oauth/account/revoke">${hidden({ csrf_token: opts.csrf, client_id: a.clientId })}<button class="danger" type="submit" aria-label="Revoke ${esc(a.name)}">Revoke</button></form></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">No apps can use your account.</p>';
  return `<div class="who"><span>Signed in as <strong>${esc(opts.user.name)}</strong> (${esc(opts.user.email)})</span>
<form method="post" action="/oauth/signout">${hidden({ csrf_token: opts.csrf })}<button class="secondary" type="submit">Sign out</button></form></div>
${opts.notice ? `<p role="status">${esc(opts.notice)}</p>` : ''}
<h1>Authorised apps</h1>${list}${opts.twoFactor ?? ''}`;
}

export function messagePage(title: string, message: string) {
  return `<h1>${esc(title)}</h1><p>${esc(message)}</p>`;
}

/** A refused request of an app nobody vetted: what went wrong, who the app says it is, and a link back it may follow. */
export function refusedRequestPage(title: string, message: string, back: { appName: string; host: string; url: string }) {
  return `${messagePage(title, message)}
<p class="unverified"><strong>Unverified app.</strong> Timekeep has not checked who made “${esc(back.appName)}”; its name is the one it gave itself. Nothing was shared with it.</p>
<p>To tell the app what went wrong, you can go back to it at <code>${esc(back.host)}</code>. Follow the link only if you trust that address.</p>
<p><a href="${esc(back.url)}" rel="noreferrer">Return to ${esc(back.host)}</a></p>`;
}
