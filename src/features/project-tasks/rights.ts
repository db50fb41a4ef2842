import type { Role } from '../../../contract/users.ts';

export interface Rights {
  /** Create, rename, move, close and estimate tasks and sections; define, change and order custom fields, and set their values. */
  edit: boolean;
  /** Delete tasks, sections and custom fields. */
  manage: boolean;
  /** Make a field visible to admins only. */
  admin: boolean;
  /** Why the viewer cannot edit, for `NotAllowed`. */
  because: string;
}

/**
 * The roles table of DESIGN.md: admins and supervisors manage; members create and edit on the projects
 * they are assigned to; limited members read.
 */
export function projectRights(viewer: { id: number; role: Role }, projectUsers: number[]): Rights {
  const manage = viewer.role === 'admin' || viewer.role === 'supervisor';
  const assigned = projectUsers.includes(viewer.id);
  const edit = manage || (viewer.role === 'member' && assigned);
  return {
    edit,
    manage,
    admin: viewer.role === 'admin',
    because:
      viewer.role === 'member_limited'
        ? 'limited members read the tasks of their projects'
        : edit
          ? 'only admins and supervisors delete tasks and fields'
          : 'you are not assigned to this project',
  };
}
