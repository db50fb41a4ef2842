import crypto from 'node:crypto';
import { notificationKinds, type NotificationKind } from '../../../contract/notifications.ts';
import type { Secrets } from '../../lib/secrets.ts';

// The one-click unsubscribe link names a person and a kind, signed with the server's secret: it grants nothing
// else (no session, no sign-in) and cannot be forged for someone else.

const signature = (secrets: Secrets, userId: number, kind: NotificationKind) => secrets.hash(`unsubscribe:${userId}:${kind}`).slice(0, 32);

export function unsubscribeToken(secrets: Secrets, userId: number, kind: NotificationKind): string {
  return `${userId}.${notificationKinds.indexOf(kind)}.${signature(secrets, userId, kind)}`;
}

/** The person and kind of a token, or undefined when it is not one this server signed. */
export function readUnsubscribeToken(secrets: Secrets, token: string): { userId: number; kind: NotificationKind } | undefined {
  const m = /^(\d{1,10})\.(\d{1,2})\.([0-9a-f]{32})$/.exec(token);
  if (!m) return undefined;
  const userId = Number(m[1]);
  const kind = notificationKinds[Number(m[2])];
  if (!kind || userId < 1) return undefined;
  const expected = Buffer.from(signature(secrets, userId, kind));
  const given = Buffer.from(m[3]!);
  return crypto.timingSafeEqual(expected, given) ? { userId, kind } : undefined;
}
