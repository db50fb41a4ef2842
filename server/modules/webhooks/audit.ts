import type { HookRow } from './service.ts';

/** What the audit log keeps of a webhook: its address without the query (which may carry a token), events, project, state. */
const shown = (h: HookRow) => ({ events: h.events, project: h.projectId === null ? null : `ev:${h.projectId}`, active: h.active });

const withoutQuery = (url: string) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};

/** A webhook's change as an audit entry's subject and before/after (null where it did not exist). */
export const hookChange = (before: HookRow | null, after: HookRow | null) => {
  const h = (after ?? before)!;
  return {
    subject: { type: 'webhook', id: h.id, name: withoutQuery(h.targetUrl) },
    before: before ? shown(before) : null,
    after: after ? shown(after) : null,
  };
};
