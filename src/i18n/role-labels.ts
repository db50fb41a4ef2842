import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../contract/users.ts';

/** A role as people read it, in the user's language. */
export const roleLabels: Record<Role, MessageDescriptor> = {
  admin: msg`Admin`,
  supervisor: msg`Supervisor`,
  member: msg`Member`,
  member_limited: msg`Limited member`,
};
