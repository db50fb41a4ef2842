import { coreKeys } from './core-keys.ts';

/**
 * Query keys, one factory per resource of the API. Features build their `queryOptions` with these, and a
 * mutation invalidates another feature's data through them without importing that feature.
 * Keys run from broad to narrow, so invalidating a prefix (`keys.time.ofUser(7)`) reaches every list below it.
 */
export const keys = {
  ...coreKeys,
  apps: { mine: ['apps', 'mine'] as const },
  hooks: {
    all: ['hooks'] as const,
    deliveries: (hookId: number, failed: boolean) => ['hooks', hookId, 'deliveries', { failed }] as const,
  },
  approvals: {
    all: ['approvals'] as const,
    inbox: (query: Record<string, string>) => ['approvals', 'inbox', query] as const,
    summary: ['approvals', 'summary'] as const,
  },
  timecards: {
    ofUser: (userId: number) => ['timecards', userId] as const,
    range: (userId: number, from: string, to: string) => ['timecards', userId, { from, to }] as const,
    today: ['timecards', 'today'] as const,
  },
  projects: {
    ...coreKeys.projects,
    one: (projectId: string) => ['projects', 'one', projectId] as const,
    budgetUsage: (projectId: string) => ['projects', 'one', projectId, 'budget-usage'] as const,
  },
  timeOff: {
    all: ['time-off'] as const,
    types: ['time-off', 'types'] as const,
    list: (query: Record<string, string | number | undefined>) => ['time-off', 'list', query] as const,
    allocations: (userId: number | 'team') => ['time-off', 'allocations', userId] as const,
    preview: (query: object) => ['time-off', 'preview', query] as const,
  },
  expenses: {
    all: ['expenses'] as const,
    categories: ['expenses', 'categories'] as const,
    list: (filters: Record<string, string | number | undefined>) => ['expenses', 'list', filters] as const,
  },
  dashboards: {
    all: ['dashboards'] as const,
    report: (report: string, filters: object) => ['dashboards', report, filters] as const,
    trend: (report: string, filters: object) => ['dashboards', 'trend', report, filters] as const,
  },
  timeExport: (filters: object) => ['time', 'export', filters] as const,
  clients: {
    ...coreKeys.clients,
    one: (clientId: number) => ['clients', 'one', clientId] as const,
  },
  invoices: {
    all: ['invoices'] as const,
    list: (filters: Record<string, string | number | undefined>) => ['invoices', 'list', filters] as const,
    one: (invoiceId: number) => ['invoices', 'one', invoiceId] as const,
  },
  tasks: {
    search: (query: string) => ['tasks', 'search', query] as const,
    one: (taskId: string) => ['tasks', 'one', taskId] as const,
    ofProject: (projectId: string) => ['tasks', 'project', projectId] as const,
  },
  sections: { ofProject: (projectId: string) => ['sections', projectId] as const },
  fields: { ofProject: (projectId: string) => ['fields', projectId] as const },
};
