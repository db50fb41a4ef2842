/**
 * Query keys, one factory per resource of the API. Features build their `queryOptions` with these, and a
 * mutation invalidates another feature's data through them without importing that feature.
 * Keys run from broad to narrow, so invalidating a prefix (`keys.time.ofUser(7)`) reaches every list below it.
 */
export const keys = {
  users: {
    me: ['users', 'me'] as const,
    team: ['team', 'users'] as const,
  },
  time: {
    all: ['time'] as const,
    ofUser: (userId: number) => ['time', userId] as const,
    range: (userId: number, from: string, to: string) => ['time', userId, { from, to }] as const,
  },
  timesheets: {
    all: ['timesheets'] as const,
    week: (userId: number, weekId: number) => ['timesheets', userId, weekId] as const,
  },
  timers: { current: ['timers', 'current'] as const },
  timecards: {
    ofUser: (userId: number) => ['timecards', userId] as const,
    range: (userId: number, from: string, to: string) => ['timecards', userId, { from, to }] as const,
  },
  projects: { all: ['projects'] as const },
  expenses: {
    all: ['expenses'] as const,
    categories: ['expenses', 'categories'] as const,
    list: (filters: Record<string, string | number | undefined>) => ['expenses', 'list', filters] as const,
  },
  clients: { all: ['clients'] as const },
  tasks: {
    search: (query: string) => ['tasks', 'search', query] as const,
    one: (taskId: string) => ['tasks', 'one', taskId] as const,
  },
};
