import type { Hono } from 'hono';
import { approvalRoutes } from '../../../contract/approvals.ts';
import type { AppEnv } from '../../http/env.ts';
import { requireManager } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { inbox, summary } from './inbox.ts';

/** The reviewers' inbox of submitted weeks; decisions stay on `/timesheets/{id}/approval`. */
export function registerApprovalRoutes(app: Hono<AppEnv>) {
  register(app, approvalRoutes.inbox, async (c, { query }, caller) => {
    requireManager(caller);
    return inbox(c.get('scope'), query);
  });

  register(app, approvalRoutes.summary, async (c, _in, caller) => {
    requireManager(caller);
    return summary(c.get('scope'), caller.user.id);
  });
}
