import type { Role } from '../../../contract/users.ts';

export interface NavItem {
  to: '/timesheet' | '/approvals' | '/profile';
  label: string;
  roles: readonly Role[];
}

const everyone: readonly Role[] = ['admin', 'supervisor', 'member', 'member_limited'];
const managers: readonly Role[] = ['admin', 'supervisor'];

/** Screens in the main navigation and the roles that may use them; later screens join this list. */
export const navItems: readonly NavItem[] = [
  { to: '/timesheet', label: 'Timesheet', roles: everyone },
  { to: '/approvals', label: 'Approvals', roles: managers },
  { to: '/profile', label: 'Profile', roles: everyone },
];

export const navItemsFor = (role: Role): NavItem[] => navItems.filter((item) => item.roles.includes(role));
