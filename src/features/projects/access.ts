import type { Role } from '../../../contract/users.ts';

/** What a role may do on the clients and projects screens (DESIGN.md, Roles). The server checks each again. */
export const access = (role: Role) => ({
  /** Clients: admins manage, supervisors read. */
  readClients: role === 'admin' || role === 'supervisor',
  manageClients: role === 'admin',
  /** Budget amounts in money: admins and supervisors; members see a shown budget's percent only. */
  budgetMoney: role === 'admin' || role === 'supervisor',
  /** Billing types' fees, rates and costs, and every budget: admins. */
  manageBilling: role === 'admin',
  /** Create projects: admins and supervisors. */
  createProjects: role === 'admin' || role === 'supervisor',
});

/** Admins manage every project; supervisors those not protected from changes; members read. */
export const canManageProject = (role: Role, project: { changeProtected: boolean }) =>
  role === 'admin' || (role === 'supervisor' && !project.changeProtected);

/** `ev:12` as the API names projects; anything else is no project. */
export const projectIdOf = (param: string) => (/^ev:\d{1,15}$/.test(param) ? param : null);
