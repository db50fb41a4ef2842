import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Task } from '../../../contract/tasks.ts';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import * as tasks from '../../api/operations/tasks.ts';
import { Combobox, type ComboGroup } from '../../ui/combobox.tsx';
import { projectsQueryOptions } from '../../api/projects.ts';
import { clientsQueryOptions } from './api.ts';
import { liteTask, namesOf, type TaskLite } from './model.ts';
import { readRecentTasks, rememberTask } from './recent-tasks.ts';

/** Tasks across the user's projects whose name matches `query`. */
const taskSearchQueryOptions = (api: ApiClient, query: string) =>
  queryOptions({
    queryKey: keys.tasks.search(query),
    queryFn: ({ signal }) => api.call(tasks.search, { query: { query, limit: 30 }, signal }),
    staleTime: 30_000,
  });

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export interface TaskPickerProps {
  userId: number;
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** Tasks not to offer (already rows of the week). */
  exclude?: ReadonlySet<string>;
  onPick: (task: TaskLite, full: Task | null) => void;
  focusOnMount?: boolean;
  onEscape?: () => void;
  canReadClients: boolean;
}

/** Finds a task across the user's projects as they type (debounced), grouped by project, with recent tasks. */
export function TaskPicker({ userId, label, hideLabel, placeholder, exclude, onPick, focusOnMount, onEscape, canReadClients }: TaskPickerProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query.trim(), 200);
  const search = useQuery({ ...taskSearchQueryOptions(api, debounced), enabled: debounced !== '' });
  const projects = useQuery(projectsQueryOptions(api));
  const clients = useQuery(clientsQueryOptions(api, canReadClients));
  const names = useMemo(() => namesOf(projects.data, clients.data), [projects.data, clients.data]);
  const [recent, setRecent] = useState(() => readRecentTasks(userId));

  const groups = useMemo((): ComboGroup<{ lite: TaskLite; full: Task | null }>[] => {
    const describe = (t: TaskLite) => {
      const p = t.projects[0] ? names.projects.get(t.projects[0]) : undefined;
      const client = p?.client != null ? names.clients.get(p.client) : undefined;
      return [p?.name, client, t.status === 'closed' ? 'closed' : undefined].filter(Boolean).join(' \u00b7 ');
    };
    if (debounced === '') {
      const options = recent
        .filter((t) => !exclude?.has(t.id))
        .map((t) => ({ id: `recent-${t.id}`, label: t.name, description: describe(t), value: { lite: t, full: null } }));
      return [{ label: 'Recent tasks', options }];
    }
    const byProject = new Map<string, ComboGroup<{ lite: TaskLite; full: Task | null }>>();
    for (const task of search.data ?? []) {
      if (exclude?.has(task.id)) continue;
      const projectName = (task.projects[0] && names.projects.get(task.projects[0])?.name) || 'Other tasks';
      let g = byProject.get(projectName);
      if (!g) byProject.set(projectName, (g = { label: projectName, options: [] }));
      const lite = liteTask(task);
      g.options.push({ id: task.id.replace(':', '-'), label: task.name, description: describe(lite), value: { lite, full: task } });
    }
    return [...byProject.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [debounced, recent, search.data, names, exclude]);

  return (
    <Combobox
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder ?? 'Search tasks\u2026'}
      query={query}
      onQueryChange={setQuery}
      groups={groups}
      loading={search.isFetching}
      focusOnMount={focusOnMount}
      onEscape={onEscape}
      emptyText={debounced === '' ? 'Type to search tasks in your projects' : `No task matches \u201c${debounced}\u201d`}
      icon={
        <svg viewBox="0 0 16 16" width="16" height="16" focusable="false">
          <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      }
      onSelect={({ lite, full }) => {
        rememberTask(userId, lite);
        setRecent(readRecentTasks(userId));
        setQuery('');
        if (full) queryClient.setQueryData(keys.tasks.one(full.id), full);
        onPick(lite, full);
      }}
    />
  );
}
