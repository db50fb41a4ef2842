import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Field } from '../../../contract/fields.ts';
import type { Section, Task } from '../../../contract/tasks.ts';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { BodyOf } from '../../api/operation.ts';
import * as fieldOps from '../../api/operations/fields.ts';
import * as projectOps from '../../api/operations/projects.ts';
import * as sectionOps from '../../api/operations/sections.ts';
import * as taskOps from '../../api/operations/tasks.ts';
import * as userOps from '../../api/operations/users.ts';

export type { Field, Section, Task };
export type TaskUpdate = BodyOf<typeof taskOps.update>;
export type EstimateBody = BodyOf<typeof taskOps.setEstimate>;
export type FieldCreate = BodyOf<typeof fieldOps.create>;
export type FieldUpdate = BodyOf<typeof fieldOps.update>;
export type FieldValue = BodyOf<typeof fieldOps.setValue>['value'];

const PAGE = 250;

export const projectQueryOptions = (api: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: [...keys.projects.all, 'one', projectId] as const,
    queryFn: ({ signal }) => api.call(projectOps.get, { params: { project_id: projectId }, signal }),
    staleTime: 30_000,
  });

export const sectionsQueryOptions = (api: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: keys.sections.ofProject(projectId),
    queryFn: ({ signal }) => api.call(sectionOps.list, { params: { project_id: projectId }, signal }),
  });

/** Every live task of the project, closed ones included, page after page. */
export const tasksQueryOptions = (api: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: keys.tasks.ofProject(projectId),
    queryFn: async ({ signal }) => {
      const all: Task[] = [];
      for (let page = 1; page <= 100; page++) {
        const batch = await api.call(taskOps.listInProject, { params: { project_id: projectId }, query: { limit: PAGE, page }, signal });
        all.push(...batch);
        if (batch.length < PAGE) break;
      }
      return all;
    },
  });

export const fieldsQueryOptions = (api: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: keys.fields.ofProject(projectId),
    queryFn: ({ signal }) => api.call(fieldOps.list, { params: { project_id: projectId }, signal }),
  });

export const peopleQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.users.team,
    queryFn: ({ signal }) => api.call(userOps.teamUsers, { signal }),
    staleTime: 60_000,
  });

/** Invalidates what a change to the project's tasks, sections or fields may have touched. */
function useRefresh(projectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.tasks.ofProject(projectId) }),
      queryClient.invalidateQueries({ queryKey: keys.sections.ofProject(projectId) }),
      queryClient.invalidateQueries({ queryKey: keys.fields.ofProject(projectId) }),
    ]);
}

export function useSectionMutations(projectId: string) {
  const api = useApi();
  const refresh = useRefresh(projectId);
  const project_id = projectId;
  return {
    create: useMutation({
      mutationFn: (name: string) => api.call(sectionOps.create, { params: { project_id }, body: { name } }),
      onSettled: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => api.call(sectionOps.update, { params: { section_id: id }, body: { name } }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.call(sectionOps.remove, { params: { section_id: id } }),
      onSettled: refresh,
    }),
    recover: useMutation({
      mutationFn: (id: number) => api.call(sectionOps.recover, { params: { section_id: id } }),
      onSettled: refresh,
    }),
  };
}

export function useTaskMutations(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefresh(projectId);
  const project_id = projectId;
  return {
    create: useMutation({
      mutationFn: ({ name, section }: { name: string; section: number | null }) =>
        api.call(taskOps.create, { params: { project_id }, body: { name, section } }),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TaskUpdate }) => api.call(taskOps.update, { params: { task_id: id }, body }),
      // Closing and reopening show at once; the server's answer follows.
      onMutate: async ({ id, body }) => {
        if (body.status === undefined) return;
        const show = () =>
          queryClient.setQueryData(keys.tasks.ofProject(projectId), (list: Task[] | undefined) =>
            list?.map((t) => (t.id === id ? { ...t, status: body.status! } : t)),
          );
        // The box shows its new state at once, also while a refetch of the list is still being cancelled
        // (the cancel puts the list back as it was before that fetch, so the change is shown again after it).
        show();
        await queryClient.cancelQueries({ queryKey: keys.tasks.ofProject(projectId) });
        show();
      },
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.call(taskOps.remove, { params: { task_id: id } }),
      onSettled: refresh,
    }),
    recover: useMutation({
      mutationFn: (id: string) => api.call(taskOps.recover, { params: { task_id: id } }),
      onSettled: refresh,
    }),
  };
}

export function useEstimate(projectId: string, taskId: string) {
  const api = useApi();
  const refresh = useRefresh(projectId);
  return {
    set: useMutation({
      mutationFn: (body: EstimateBody) => api.call(taskOps.setEstimate, { params: { task_id: taskId }, body }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: () => api.call(taskOps.removeEstimate, { params: { task_id: taskId } }),
      onSettled: refresh,
    }),
  };
}

export function useSetFieldValue(projectId: string) {
  const api = useApi();
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: ({ task, field, value }: { task: string; field: number; value: FieldValue }) =>
      api.call(fieldOps.setValue, { params: { task_id: task, field_id: field }, body: { value } }),
    onSettled: refresh,
  });
}

export function useFieldMutations(projectId: string) {
  const api = useApi();
  const refresh = useRefresh(projectId);
  const project_id = projectId;
  return {
    create: useMutation({
      mutationFn: (body: FieldCreate) => api.call(fieldOps.create, { params: { project_id }, body }),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: FieldUpdate }) => api.call(fieldOps.update, { params: { field_id: id }, body }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.call(fieldOps.remove, { params: { field_id: id } }),
      onSettled: refresh,
    }),
  };
}

/**
 * Reorders with the answer shown at once: the cache takes the new order before the call, and the server's
 * state comes back after it (also when it refused). The moves of one project run one after another (a
 * mutation scope): two quick moves sent at once could reach the server in the other order and leave the
 * first one's order. The lists are read back once the last queued move has settled, so an earlier answer
 * does not undo a later move on screen.
 */
export function useOrderMutations(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefresh(projectId);
  const project_id = projectId;
  const mutationKey = ['project-order', projectId] as const;
  const scope = { id: `project-order-${projectId}` };
  // This move is still counted as pending while it settles: read back only when it is the last one.
  const settled = () => (queryClient.isMutating({ mutationKey }) <= 1 ? refresh() : undefined);
  return {
    tasks: useMutation({
      mutationKey,
      scope,
      mutationFn: ({ section, order }: { section: number | null; order: string[]; next: Task[] }) =>
        api.call(taskOps.order, { params: { project_id }, body: { section, order } }),
      onMutate: async ({ next }) => {
        await queryClient.cancelQueries({ queryKey: keys.tasks.ofProject(projectId) });
        queryClient.setQueryData(keys.tasks.ofProject(projectId), next);
      },
      onSettled: settled,
    }),
    sections: useMutation({
      mutationKey,
      scope,
      mutationFn: (order: Section[]) => api.call(sectionOps.order, { params: { project_id }, body: { order: order.map((s) => s.id) } }),
      onMutate: async (order) => {
        await queryClient.cancelQueries({ queryKey: keys.sections.ofProject(projectId) });
        queryClient.setQueryData(keys.sections.ofProject(projectId), order);
      },
      onSettled: settled,
    }),
    fields: useMutation({
      mutationKey,
      scope,
      mutationFn: (order: Field[]) => api.call(fieldOps.order, { params: { project_id }, body: { order: order.map((f) => f.id) } }),
      onMutate: async (order) => {
        await queryClient.cancelQueries({ queryKey: keys.fields.ofProject(projectId) });
        queryClient.setQueryData(keys.fields.ofProject(projectId), order);
      },
      onSettled: settled,
    }),
  };
}
