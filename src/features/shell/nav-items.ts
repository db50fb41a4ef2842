import type { Role } from '../../../contract/users.ts';

export interface NavItem {
  to: '/profile';
  label: string;
  roles: readonly Role[];
}

const everyone: readonly Role[] = ['admin', 'supervisor', 'member', 'member_limited'];

/** Screens in the main navigation and the roles that may use them; later screens join this list. */
export const navItems: readonly NavItem[] = [{ to: '/profile', label: 'Profile', roles: everyone }];

export const navItemsFor = (role: Role): NavItem[] => navItems.filter((item) => item.roles.includes(role));
