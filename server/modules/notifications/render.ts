import type { NotificationKind } from '../../../contract/notifications.ts';
import type { NotificationPayload } from '../../db/schema/index.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { unsubscribeToken } from './token.ts';

export interface MailSettings {
  /** The sender (MAIL_FROM). */
  from: string;
  /** The web app's base URL: links in mails open the thing itself there. */
  webUrl: string;
  /** The API's base URL: the one-click unsubscribe goes there. */
  apiUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** What each kind is called where a person turns it off. */
export const kindLabels: Record<NotificationKind, string> = {
  'week.approved': 'your week approved',
  'week.partly_approved': 'your week partly approved',
  'week.rejected': 'your week rejected',
  'week.waiting': 'a week waits for your review',
  'timeoff.approved': 'your time off approved',
  'timeoff.rejected': 'your time off rejected',
  'timeoff.waiting': 'a time-off request waits for your review',
  'reminder.submit': 'a reminder to submit your week',
  'reminder.missing': 'a reminder to log a short day',
  'reminder.timer': 'a reminder of a long-running timer',
  'time.edited': 'a reviewer changed your time',
  'budget.refused': 'a budget refused your time',
  'budget.threshold': 'a budget reached its alert threshold',
  'budget.exceeded': 'a budget is used up',
  'webhook.disabled': 'a webhook turned off after failures',
  'import.finished': 'an import finished',
  'digest.waiting': 'the daily summary of what waits for your review',
  'report.scheduled': 'a saved report sent to you each week or month',
};

/** The button of a mail that asks for something other than a look or a review. */
const actions: Partial<Record<NotificationKind, string>> = {
  'reminder.submit': 'Open your week',
  'reminder.missing': 'Log your time',
  'reminder.timer': 'See your timer',
  'time.edited': 'Open your week',
  'budget.refused': 'See the budget',
  'budget.threshold': 'See the budget',
  'budget.exceeded': 'See the budget',
  'webhook.disabled': 'Open Integrations',
  'import.finished': 'Open Import',
  'digest.waiting': 'Review them',
  'report.scheduled': 'Open the live report',
};

const ACCENT = '#2f6f5e';
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The email of one notification: a plain-text and an HTML part, the link to the thing itself, and a one-click
 * unsubscribe (RFC 8058) in the headers, which mail programs POST to; the body links to the Profile instead.
 */
export function renderMail(
  mail: MailSettings,
  secrets: Secrets,
  n: { kind: NotificationKind; link: string; payload: NotificationPayload; recipient: { id: number; name: string } },
): RenderedMail {
  const url = `${mail.webUrl}${n.link}`;
  const unsubscribe = `${mail.apiUrl}/notifications/unsubscribe?token=${unsubscribeToken(secrets, n.recipient.id, n.kind)}`;
  const profile = `${mail.webUrl}/profile`;
  const action = actions[n.kind] ?? (n.kind.endsWith('.waiting') ? 'Review it' : 'Open it');
  const { title, comment } = n.payload;
  const lines = n.payload.lines ?? [];
  const text = [
    `Hello ${n.recipient.name},`,
    '',
    `${title}.`,
    ...(comment ? ['', `Comment: ${comment}`] : []),
    ...(lines.length ? ['', ...lines.map((l) => `- ${l}`)] : []),
    '',
    `${action}: ${url}`,
    '',
    '--',
    `Timekeep. You get this email because ${kindLabels[n.kind]} is a notification you receive by email.`,
    `Stop these emails, or choose where each notification arrives, on your Profile: ${profile}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f5;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d2522">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;border-top:4px solid ${ACCENT}">
<tr><td style="padding:24px">
<p style="margin:0 0 16px;font-weight:650;color:${ACCENT}">Timekeep</p>
<p style="margin:0 0 8px">Hello ${esc(n.recipient.name)},</p>
<p style="margin:0 0 16px;font-size:18px">${esc(title)}.</p>
${lines.length ? `<ul style="margin:0 0 16px;padding-left:20px">${lines.map((l) => `<li style="margin:0 0 4px">${esc(l)}</li>`).join('')}</ul>\n` : ''}${comment ? `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid ${ACCENT};background:#eef4f2">${esc(comment)}</blockquote>\n` : ''}<p style="margin:0 0 24px"><a href="${esc(url)}" style="display:inline-block;padding:10px 16px;background:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px">${action}</a></p>
<p style="margin:0;font-size:13px;color:#5b6762">You get this email because ${esc(kindLabels[n.kind])} is a notification you receive by email.
Stop these emails, or choose where each notification arrives, on your <a href="${esc(profile)}" style="color:${ACCENT}">Profile</a>.</p>
</td></tr></table>
</body></html>
`;
  return {
    subject: title,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
