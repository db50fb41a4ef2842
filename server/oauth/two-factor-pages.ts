import { esc, hidden } from './pages.ts';
import type { SetupView } from './two-factor.ts';

/** The server-rendered parts of two-factor sign-in: the code step, setting up, recovery codes, the account section. */

const alert = (message?: string) => (message ? `<div class="alert" role="alert">${esc(message)}</div>` : '');

const codeInput = (label: string, hint: string, autocomplete = 'one-time-code') => `<label for="code">${esc(label)}</label>
<input id="code" name="code" type="text" inputmode="${autocomplete === 'one-time-code' ? 'numeric' : 'text'}" autocomplete="${autocomplete}" required autofocus maxlength="64" aria-describedby="code-hint">
<p class="muted" id="code-hint">${esc(hint)}</p>`;

/** The sign-in's second step: a code from the authenticator app, or a recovery code. */
export function codeStepPage(opts: { csrf: string; email: string; error?: string }) {
  return `<h1>Two-factor sign-in</h1>
<p class="muted">Signing in as <strong>${esc(opts.email)}</strong></p>${alert(opts.error)}
<form method="post" action="/oauth/signin/code">${hidden({ csrf_token: opts.csrf })}
${codeInput('Code', 'The 6-digit code from your authenticator app, or one of your recovery codes.', 'one-time-code')}
<button class="primary full" type="submit">Verify</button>
</form>
<form class="switch" method="post" action="/oauth/signin/cancel">${hidden({ csrf_token: opts.csrf })}<button class="link" type="submit">Cancel and sign in again</button></form>`;
}

/** The QR code, the secret as text, and the first code's form. */
const setupBlock = (view: SetupView, csrf: string, action: string) => `<ol>
<li>Open an authenticator app (such as a password manager or an authenticator on your phone) and scan this QR code:</li>
</ol>
<img class="qr" src="${esc(view.qrDataUrl)}" alt="QR code for setting up two-factor sign-in" width="208" height="208">
<p class="muted">Cannot scan it? Enter this key in the app instead (time-based, 6 digits, 30 seconds):</p>
<code class="secret" id="two-factor-secret">${esc(view.secretText)}</code>
<form method="post" action="${esc(action)}">${hidden({ csrf_token: csrf })}
${codeInput('Code from the app', 'Enter the 6-digit code the app shows to turn two-factor sign-in on.')}
<button class="primary full" type="submit">Turn on two-factor</button>
</form>`;

/** Setting up two-factor during sign-in, when the team requires it. */
export function signInSetupPage(opts: { csrf: string; email: string; view: SetupView; error?: string }) {
  return `<h1>Set up two-factor sign-in</h1>
<p>Your team requires two-factor sign-in. Set it up to continue signing in as <strong>${esc(opts.email)}</strong>.</p>${alert(opts.error)}
${setupBlock(opts.view, opts.csrf, '/oauth/signin/setup')}
<form class="switch" method="post" action="/oauth/signin/cancel">${hidden({ csrf_token: opts.csrf })}<button class="link" type="submit">Cancel</button></form>`;
}

/** The recovery codes, shown once, with a text-file download and what to do next. */
export function recoveryCodesPage(opts: { codes: string[]; heading: string; lead: string; next: string }) {
  const file = `Timekeep recovery codes\n\nEach code signs you in once when you cannot use your authenticator app.\n\n${opts.codes.join('\n')}\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(file)}`;
  return `<h1>${esc(opts.heading)}</h1>
<p>${esc(opts.lead)}</p>
<p><strong>Save these recovery codes now.</strong> Each one signs you in once if you lose your authenticator app. They are shown only this once.</p>
<ul class="codes" aria-label="Recovery codes">${opts.codes.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>
<p><a class="button-link" href="${esc(href)}" download="timekeep-recovery-codes.txt">Download as a text file</a></p>
${opts.next}`;
}

export type TwoFactorState =
  { state: 'off' } | { state: 'setting-up'; view: SetupView } | { state: 'on'; since: string; codesLeft: number };

/** The Two-factor section of the account page. */
export function twoFactorSection(opts: { csrf: string; tf: TwoFactorState; required: boolean; error?: string }) {
  const { csrf, tf } = opts;
  const required = opts.required ? '<p class="muted">Your team requires two-factor sign-in.</p>' : '';
  let body: string;
  if (tf.state === 'off') {
    body = `<p>Two-factor sign-in is <strong>off</strong>. Turn it on to ask for a code from an authenticator app after your password.</p>
<form method="post" action="/oauth/account/two-factor/setup">${hidden({ csrf_token: csrf })}<button class="primary" type="submit">Set up two-factor</button></form>`;
  } else if (tf.state === 'setting-up') {
    body = `${setupBlock(tf.view, csrf, '/oauth/account/two-factor/on')}
<form class="switch" method="post" action="/oauth/account/two-factor/off">${hidden({ csrf_token: csrf })}<button class="link" type="submit">Cancel set-up</button></form>`;
  } else {
    const left = tf.codesLeft === 1 ? '1 recovery code' : `${tf.codesLeft} recovery codes`;
    body = `<p>Two-factor sign-in is <strong>on</strong> (since ${esc(tf.since)}). You have ${left} left.</p>
<form method="post" action="/oauth/account/two-factor/recovery-codes">${hidden({ csrf_token: csrf })}<button class="secondary" type="submit">New recovery codes</button></form>
${
  opts.required
    ? ''
    : `<form method="post" action="/oauth/account/two-factor/off">${hidden({ csrf_token: csrf })}
${codeInput('Code to turn it off', 'A current code from your authenticator app, or a recovery code.')}
<button class="danger" type="submit">Turn off two-factor</button></form>`
}`;
  }
  return `<section class="two-factor" id="two-factor" aria-labelledby="two-factor-heading"><h2 id="two-factor-heading">Two-factor sign-in</h2>${required}${alert(opts.error)}${body}</section>`;
}
