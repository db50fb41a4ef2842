import type { Role } from '../../contract/users.ts';

// Used by the first screen (the session, the user menu): apart, so the rest of this file loads with the screens that use it.
export { normalizeBaseUrl } from './base-url.ts';
export { initials } from './initials.ts';

const roleLabels: Record<Role, string> = {
  admin: 'Admin',
  supervisor: 'Supervisor',
  member: 'Member',
  member_limited: 'Limited member',
};

export const roleLabel = (role: Role): string => roleLabels[role];

/** A UTC offset in hours (5.5, -3.75, 0) as `UTC+05:30`, `UTC−03:45`, `UTC`. */
export function formatUtcOffset(hours: number): string {
  if (hours === 0) return 'UTC';
  const sign = hours > 0 ? '+' : '\u2212';
  const totalMinutes = Math.round(Math.abs(hours) * 60);
  const hh = String(Math.floor(totalMinutes / 60)).padStart(2, '0');
  const mm = String(totalMinutes % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/** A secret with all but its last four characters replaced by bullets. */
export function maskSecret(secret: string, visible = 4): string {
  const shown = secret.length > visible ? secret.slice(-visible) : '';
  return '\u2022'.repeat(Math.max(8, Math.min(24, secret.length - shown.length))) + shown;
}

/** A server date-time (`YYYY-MM-DD HH:MM:SS`, UTC) in the viewer's time, e.g. `Mar 16, 09:00`. */
export function whenLabel(dateTime: string): string {
  const d = new Date(`${dateTime.replace(' ', 'T')}Z`);
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}
