import type { MessageDescriptor } from '@lingui/core';
import type { LinkProps } from '@tanstack/react-router';
import type { Role } from '../../contract/users.ts';

/**
 * One screen in the navigation: its label (DESIGN.md section 4, exact, in English as `message`; translated by the
 * catalogue under `id`), its route, and who may use it.
 */
export interface Screen {
  label: MessageDescriptor & { message: string };
  to: NonNullable<LinkProps['to']>;
  roles: readonly Role[];
  /** Place in the phone's bottom bar (1–4, the most used screens); the others go under More. */
  phone?: 1 | 2 | 3 | 4;
}

const everyone: readonly Role[] = ['admin', 'supervisor', 'member', 'member_limited'];

/*
 * Every screen of the navigation, in the order of DESIGN.md section 4. A screen joins the navigation by
 * adding its line here once its route exists (the `to` type only accepts routes that exist), e.g.
 *   { label: { id: 'nav.time-off', message: 'Time off' }, to: '/time-off', roles: everyone, phone: 3 },
 *   { label: 'Expenses', to: '/expenses', roles: ['admin', 'supervisor', 'member'], phone: 4 },
 *   { label: 'Approvals', to: '/approvals', roles: ['admin', 'supervisor'] },
 *   { label: 'Projects', to: '/projects', roles: everyone },
 *   { label: 'Clients', to: '/clients', roles: ['admin', 'supervisor'] },
 *   { label: 'Reports', to: '/reports/clients', roles: ['admin', 'supervisor', 'member'] },
 *   { label: 'Team', to: '/team', roles: ['admin', 'supervisor'] },
 *   { label: 'Integrations', to: '/integrations', roles: everyone },
 */
export const screens: readonly Screen[] = [
  { label: /*i18n*/ { id: 'nav.timesheet', message: 'Timesheet' }, to: '/timesheet', roles: everyone, phone: 1 },
  { label: /*i18n*/ { id: 'nav.timecards', message: 'Timecards' }, to: '/timecards', roles: everyone, phone: 2 },
  { label: /*i18n*/ { id: 'nav.time-off', message: 'Time off' }, to: '/time-off', roles: everyone, phone: 3 },
  { label: /*i18n*/ { id: 'nav.expenses', message: 'Expenses' }, to: '/expenses', roles: ['admin', 'supervisor', 'member'], phone: 4 },
  { label: /*i18n*/ { id: 'nav.approvals', message: 'Approvals' }, to: '/approvals', roles: ['admin', 'supervisor'] },
  { label: /*i18n*/ { id: 'nav.projects', message: 'Projects' }, to: '/projects', roles: everyone },
  { label: /*i18n*/ { id: 'nav.clients', message: 'Clients' }, to: '/clients', roles: ['admin', 'supervisor'] },
  { label: /*i18n*/ { id: 'nav.reports', message: 'Reports' }, to: '/reports', roles: ['admin', 'supervisor', 'member'] },
  { label: /*i18n*/ { id: 'nav.invoices', message: 'Invoices' }, to: '/invoices', roles: ['admin'] },
  { label: /*i18n*/ { id: 'nav.team', message: 'Team' }, to: '/team', roles: ['admin', 'supervisor'] },
  { label: /*i18n*/ { id: 'nav.integrations', message: 'Integrations' }, to: '/integrations', roles: everyone },
  { label: /*i18n*/ { id: 'nav.profile', message: 'Profile' }, to: '/profile', roles: everyone },
];

/** The screens a role may use, in navigation order. */
export const screensFor = (role: Role): Screen[] => screens.filter((s) => s.roles.includes(role));

/** The phone's bottom bar: up to four screens by rank, and the rest for More (all in nav order when they fit). */
export function phoneBar<S extends Pick<Screen, 'phone'>>(list: readonly S[]): { bar: S[]; more: S[] } {
  if (list.length <= 5) return { bar: [...list], more: [] };
  const bar = list
    .filter((s) => s.phone)
    .sort((a, b) => a.phone! - b.phone!)
    .slice(0, 4);
  for (const s of list) if (bar.length < 4 && !bar.includes(s)) bar.push(s);
  return { bar: list.filter((s) => bar.includes(s)), more: list.filter((s) => !bar.includes(s)) };
}
