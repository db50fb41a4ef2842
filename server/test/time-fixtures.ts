import { clients, projects, projectUsers, tasks, type StoredBilling, type StoredBudget, type StoredRate } from '../db/schema/index.ts';
import type { TestContext } from './harness.ts';

/** Test data written through Scope (the project and task routes belong to another module). */
export function fixtures(t: TestContext) {
  return {
    async project(
      teamId: number,
      opts: {
        name?: string;
        users?: number[];
        privacy?: boolean;
        clientId?: number | null;
        billing?: StoredBilling;
        rate?: StoredRate;
        budget?: StoredBudget | null;
      } = {},
    ) {
      const s = t.scope(teamId);
      const p = await s.insert(projects, {
        name: opts.name ?? 'Project',
        privacy: opts.privacy ?? false,
        clientId: opts.clientId ?? null,
        ...(opts.billing ? { billing: opts.billing } : {}),
        ...(opts.rate ? { rate: opts.rate } : {}),
        budget: opts.budget ?? null,
      });
      for (const u of opts.users ?? []) await s.insert(projectUsers, { projectId: p.id, userId: u });
      return p;
    },
    async task(teamId: number, projectId: number, opts: { name?: string; status?: 'open' | 'closed'; unbillable?: boolean } = {}) {
      return t
        .scope(teamId)
        .insert(tasks, { projectId, name: opts.name ?? 'Task', status: opts.status ?? 'open', unbillable: opts.unbillable ?? false });
    },
    async client(teamId: number, name = 'Client', budget: StoredBudget | null = null) {
      return t.scope(teamId).insert(clients, { name, budget });
    },
  };
}

export const budget = (b: Partial<StoredBudget> & Pick<StoredBudget, 'type' | 'budget'>): StoredBudget => ({
  period: 'general',
  appliedFrom: null,
  disallowOverbudget: false,
  excludeUnbillableTime: false,
  excludeExpenses: false,
  threshold: null,
  ...b,
});
