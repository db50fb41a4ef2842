import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { Role } from '../../contract/users.ts';
import type { AppEnv } from '../http/env.ts';

/** Server-rendered pages of the authorization server: sign-in, consent, account, errors. */

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

const CSS = `
:root{--bg:#f4f6f8;--card:#fff;--text:#1b2430;--muted:#5b6675;--line:#d9dee5;--accent:#0f6e64;--accent-dark:#0b544c;--focus:#1f6feb;--danger:#b42318;--warn-bg:#fff7e6;--warn-line:#f0c36d}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;display:flex;align-items:flex-start;justify-content:center;padding:clamp(12px,6vh,64px) 16px}
main{width:100%;max-width:440px;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:28px clamp(18px,5vw,32px);box-shadow:0 1px 2px rgba(16,24,40,.06)}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:18px;color:var(--accent);margin-bottom:20px}
.brand svg{width:24px;height:24px}
h1{font-size:22px;line-height:1.3;margin:0 0 8px}
h2{font-size:15px;margin:20px 0 8px}
p{margin:0 0 12px}
.muted{color:var(--muted);font-size:14px}
label{display:block;font-weight:600;font-size:14px;margin:16px 0 6px}
input[type=email],input[type=password]{width:100%;font:inherit;padding:10px 12px;border:1px solid #aab3bf;border-radius:8px;background:#fff;color:var(--text)}
.check{display:flex;gap:8px;align-items:center;font-weight:400;margin-top:14px}
.check input{width:18px;height:18px;margin:0}
button{font:inherit;font-weight:600;border-radius:8px;padding:10px 18px;min-height:44px;cursor:pointer;border:1px solid transparent}
.primary{background:var(--accent);color:#fff}
.primary:hover{background:var(--accent-dark)}
.secondary{background:#fff;color:var(--text);border-color:#aab3bf}
.secondary:hover{background:#f0f2f5}
.danger{background:#fff;color:var(--danger);border-color:#e4a09a;padding:6px 12px;min-height:36px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.actions{display:flex;gap:12px;justify-content:flex-end;flex-wrap:wrap;margin-top:24px}
.actions button{flex:1 1 140px}
.full{width:100%;margin-top:22px}
.alert{border:1px solid #f1aeb5;background:#fdecee;color:var(--danger);border-radius:8px;padding:10px 12px;margin:12px 0}
.unverified{border:1px solid var(--warn-line);background:var(--warn-bg);border-radius:8px;padding:10px 12px;font-size:14px}
ul{padding-left:20px;margin:0 0 12px}
li{margin:4px 0}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#eef1f4;border-radius:4px;padding:1px 4px;word-break:break-all}
.apps{list-style:none;padding:0}
.apps li{display:flex;justify-content:space-between;align-items:center;gap:12px;border-top:1px solid var(--line);padding:12px 0}
.apps form{margin:0}
.who{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap;font-size:14px;color:var(--muted);border-bottom:1px solid var(--line);padding-bottom:12px;margin-bottom:16px}
.link{background:none;border:none;color:var(--accent);padding:0;min-height:0;font-weight:600;text-decoration:underline}
@media (prefers-color-scheme:dark){:root{--bg:#0f141a;--card:#171e26;--text:#e6eaef;--muted:#a3adb9;--line:#2a3440;--warn-bg:#2d2410;--warn-line:#7a5d1c}input[type=email],input[type=password],.secondary,.danger{background:#0f141a;color:var(--text)}code{background:#222b35}.alert{background:#3a1518;color:#ffb4ab}}
`;
const CSS_HASH = `'sha256-${crypto.createHash('sha256').update(CSS).digest('base64')}'`;

const LOGO = `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 9v4l3 2M9 2h6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

/** Sends a page with the security headers: strict CSP (no script at all), no framing, no referrer, no caching. */
export function sendPage(c: Context<AppEnv>, title: string, body: string, opts: { status?: number; formTargets?: string[] } = {}) {
  const formAction = ["'self'", ...(opts.formTargets ?? [])].join(' ');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${CSS_HASH}; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  );
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} · Timekeep</title><style>${CSS}</style></head>
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
<label class="check" for="remember"><input id="remember" name="remember" type="checkbox" value="1">Keep me signed in on this device for 30 days</label>
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

export function accountPage(opts: {
  csrf: string;
  user: { name: string; email: string };
  apps: { clientId: string; name: string; since: string }[];
  notice?: string;
}) {
  const list = opts.apps.length
    ? `<ul class="apps">${opts.apps
        .map(
          (a) => `<li><span><strong>${esc(a.name)}</strong><br><span class="muted">Unverified app · allowed ${esc(a.since)}</span></span>
<form method="post" action="/oauth/account/revoke">${hidden({ csrf_token: opts.csrf, client_id: a.clientId })}<button class="danger" type="submit" aria-label="Revoke ${esc(a.name)}">Revoke</button></form></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">No apps can use your account.</p>';
  return `<div class="who"><span>Signed in as <strong>${esc(opts.user.name)}</strong> (${esc(opts.user.email)})</span>
<form method="post" action="/oauth/signout">${hidden({ csrf_token: opts.csrf })}<button class="secondary" type="submit">Sign out</button></form></div>
${opts.notice ? `<p role="status">${esc(opts.notice)}</p>` : ''}
<h1>Authorised apps</h1>${list}`;
}

export function messagePage(title: string, message: string) {
  return `<h1>${esc(title)}</h1><p>${esc(message)}</p>`;
}
