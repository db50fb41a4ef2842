/**
 * The query keys the first screen needs (the user, the week's time and timesheet, the timer, project and client
 * names); ./keys.ts has every resource's, these among them, for the screens that load later.
 */
export const coreKeys = {
  users: {
    me: ['users', 'me'] as const,
    team: ['team', 'users'] as const,
  },
  time: {
    all: ['time'] as const,
    ofUser: (userId: number) => ['time', userId] as const,
    /** `me`: the signed-in user, asked for before `/users/me` answered (the first screen's week). */
    range: (userId: number | 'me', from: string, to: string) => ['time', userId, { from, to }] as const,
  },
  timesheets: {
    all: ['timesheets'] as const,
    week: (userId: number | 'me', weekId: number) => ['timesheets', userId, weekId] as const,
    team: (weekId: number) => ['timesheets', 'team', weekId] as const,
  },
  timers: { current: ['timers', 'current'] as const },
  projects: { all: ['projects'] as const },
  clients: { all: ['clients'] as const },
};
