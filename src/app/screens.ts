import type { LinkProps } from '@tanstack/react-router';
import type { Role } from '../../contract/users.ts';

/** One screen in the navigation: its label (DESIGN.md section 4, exact), its route, and who may use it. */
export interface Screen {
  label: string;
  to: NonNullable<LinkProps['to']>;
  roles: readonly Role[];
  /** Place in the phone's bottom bar (1–4, the most used screens); the others go under More. */
  phone?: 1 | 2 | 3 | 4;
}

const everyone: readonly Role[] = ['admin', 'supervisor', 'member', 'member_limited'];

/*
 * Every screen of the navigation, in the order of DESIGN.md section 4. A screen joins the navigation by
 * adding its line here once its route exists (the `to` type only accepts routes that exist), e.g.
 *   { label: 'Time off', to: '/time-off', roles: everyone, phone: 3 },
 *   { label: 'Expenses', to: '/expenses', roles: ['admin', 'supervisor', 'member'], phone: 4 },
 *   { label: 'Approvals', to: '/approvals', roles: ['admin', 'supervisor'] },
 *   { label: 'Projects', to: '/projects', roles: everyone },
 *   { label: 'Clients', to: '/clients', roles: ['admin', 'supervisor'] },
 *   { label: 'Reports', to: '/reports/clients', roles: ['admin', 'supervisor', 'member'] },
 *   { label: 'Team', to: '/team', roles: ['admin', 'supervisor'] },
 *   { label: 'Integrations', to: '/integrations', roles: everyone },
 */
export const screens: readonly Screen[] = [
  { label: 'Timesheet', to: '/timesheet', roles: everyone, phone: 1 },
  { label: 'Timecards', to: '/timecards', roles: everyone, phone: 2 },
  { label: 'Time off', to: '/time-off', roles: everyone, phone: 3 },
  { label: 'Expenses', to: '/expenses', roles: ['admin', 'supervisor', 'member'], phone: 4 },
  { label: 'Approvals', to: '/approvals', roles: ['admin', 'supervisor'] },
  { label: 'Projects', to: '/projects', roles: everyone },
  { label: 'Clients', to: '/clients', roles: ['admin', 'supervisor'] },
  { label: 'Reports', to: '/reports', roles: ['admin', 'supervisor', 'member'] },
  { label: 'Invoices', to: '/invoices', roles: ['admin'] },
  { label: 'Team', to: '/team', roles: ['admin', 'supervisor'] },
  { label: 'Integrations', to: '/integrations', roles: everyone },
  { label: 'Profile', to: '/profile', roles: everyone },
];

/** The screens a role may use, in navigation order. */
export const screensFor = (role: Role): Screen[] => screens.filter((s) => s.roles.includes(role));

/** The phone's bottom bar: up to four screens by rank, and the rest for More (all in nav order when they fit). */
export function phoneBar(list: readonly Screen[]): { bar: Screen[]; more: Screen[] } {
  if (list.length <= 5) return { bar: [...list], more: [] };
  const bar = list
    .filter((s) => s.phone)
    .sort((a, b) => a.phone! - b.phone!)
    .slice(0, 4);
  for (const s of list) if (bar.length < 4 && !bar.includes(s)) bar.push(s);
  return { bar: list.filter((s) => bar.includes(s)), more: list.filter((s) => !bar.includes(s)) };
}
