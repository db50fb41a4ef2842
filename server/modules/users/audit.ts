import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../http/env.ts';
import { changedFields, recordAudit, type AuditWho } from '../audit/record.ts';
import type { RatesInput } from './rates.ts';

/** Records what an admin's change to a person altered: their role, their status, their rates (with the date they count from). */
export async function auditUserChange(db: Db, who: AuditWho, before: UserRow, after: UserRow, rates: RatesInput) {
  const subject = { type: 'user', id: before.id, name: before.name };
  for (const [kind, field] of [
    ['user.role_changed', 'role'],
    ['user.status_changed', 'status'],
  ] as const) {
    if (before[field] !== after[field]) await recordAudit(db, who, { kind, subject, before: { [field]: before[field] }, after: { [field]: after[field] } });
  }
  if (rates.rate === undefined && rates.cost === undefined) return;
  // A dated change may leave today's values as they were: the entry then says what was asked and from when.
  const asked = { ...(rates.rate !== undefined ? { rate: rates.rate } : {}), ...(rates.cost !== undefined ? { cost: rates.cost } : {}) };
  const diff = changedFields({ rate: before.rate, cost: before.cost }, asked, ['rate', 'cost']);
  if (!diff.changed && rates.effectiveFrom === undefined) return;
  const from = rates.effectiveFrom !== undefined ? { effectiveFrom: rates.effectiveFrom } : {};
  await recordAudit(db, who, {
    kind: 'user.rates_changed',
    subject,
    before: { rate: before.rate, cost: before.cost },
    after: { rate: rates.rate ?? before.rate, cost: rates.cost ?? before.cost, ...from },
  });
}
