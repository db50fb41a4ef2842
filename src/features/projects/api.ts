import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { AnswerOf, BodyOf } from '../../api/operation.ts';
import * as projects from '../../api/operations/projects.ts';
import type { BudgetBody } from '../budgets/budget-editor.tsx';

export type Project = AnswerOf<typeof projects.get>;
export type BillingBody = BodyOf<typeof projects.billing>;
export type BudgetUsage = AnswerOf<typeof projects.budgetUsage>;

/** The projects the caller may see (`GET /projects`), read fresh when a screen opens: budgets move. */
export const projectListQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.projects.all,
    queryFn: ({ signal }) => api.call(projects.list, { signal }),
    staleTime: 10_000,
  });

export const projectQueryOptions = (api: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: keys.projects.one(projectId),
    queryFn: ({ signal }) => api.call(projects.get, { params: { project_id: projectId }, signal }),
    staleTime: 0,
  });

/** The budget's use by day in its current period, for the burn chart. */
export const budgetUsageQueryOptions = (api: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: keys.projects.budgetUsage(projectId),
    queryFn: ({ signal }) => api.call(projects.budgetUsage, { params: { project_id: projectId }, signal }),
    staleTime: 0,
  });

/** After a change: the project, every project list and the clients (projects count, budgets) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (saved?: Project) => {
    if (saved) queryClient.setQueryData(keys.projects.one(saved.id), saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.projects.all }),
      queryClient.invalidateQueries({ queryKey: keys.clients.all }),
    ]);
  };
}

export function useCreateProject() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof projects.create>) => api.call(projects.create, { body }),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useUpdateProject(projectId: string) {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof projects.update>) => api.call(projects.update, { params: { project_id: projectId }, body }),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useProjectBilling(projectId: string) {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BillingBody) => api.call(projects.billing, { params: { project_id: projectId }, body }),
    onSuccess: (saved) => refresh(saved),
  });
}

/** The budget editor's save and remove for a project (through its billing). */
export function useProjectBudget(projectId: string) {
  const billing = useProjectBilling(projectId);
  return {
    save: (budget: BudgetBody) => billing.mutateAsync({ budget: { ...budget, showToUsers: budget.showToUsers ?? false } }),
    remove: () => billing.mutateAsync({ budget: null }),
  };
}
