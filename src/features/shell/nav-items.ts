import type { Role } from '../../../contract/users.ts';

export interface NavItem {
  to: '/timesheet' | '/profile';
  label: string;
  roles: readonly Role[];
}

const everyone: readonly Role[] = ['admin', 'supervisor', 'member', 'member_limited'];

/** Screens in the main navigation and the roles that may use them; later screens join this list. */
export const navItems: readonly NavItem[] = [
  { to: '/timesheet', label: 'Timesheet', roles: everyone },
  { to: '/profile', label: 'Profile', roles: everyone },
];

export const navItemsFor = (role: Role): NavItem[] => navItems.filter((item) => item.roles.includes(role));
