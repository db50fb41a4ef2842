import type { ApprovalStatus, Timesheet } from '../../../contract/timesheets.ts';
import type { User } from '../../../contract/users.ts';

export interface TeamWeekRow {
  user: { id: number; name: string };
  timesheetId: number;
  /** Seconds per day of the week, in order. */
  days: number[];
  total: number;
  /** Weekly capacity in seconds, when the viewer may see it. */
  capacity: number | null;
  /** total − capacity (negative: under capacity). */
  difference: number | null;
  status: ApprovalStatus | null;
}

export interface TeamWeek {
  rows: TeamWeekRow[];
  dayTotals: number[];
  total: number;
}

/**
 * Everyone's week side by side: the team's timesheets of one week joined with the users (names,
 * capacity), by name; weeks of users no longer in the list are left out.
 */
export function teamWeek(timesheets: readonly Timesheet[], users: readonly Pick<User, 'id' | 'name' | 'capacity' | 'status'>[]): TeamWeek {
  const byId = new Map(users.filter((u) => u.status !== 'removed').map((u) => [u.id, u]));
  const rows = timesheets.flatMap((t): TeamWeekRow[] => {
    const u = byId.get(t.user);
    if (!u) return [];
    const days = t.dailyTime.map((d) => d.time);
    const total = days.reduce((a, b) => a + b, 0);
    const capacity = u.capacity ?? null;
    return [
      {
        user: { id: u.id, name: u.name },
        timesheetId: t.id,
        days,
        total,
        capacity,
        difference: capacity === null ? null : total - capacity,
        status: t.approval?.status ?? null,
      },
    ];
  });
  rows.sort((a, b) => a.user.name.localeCompare(b.user.name) || a.user.id - b.user.id);
  const width = Math.max(0, ...rows.map((r) => r.days.length));
  const dayTotals = Array.from({ length: width }, (_, i) => rows.reduce((s, r) => s + (r.days[i] ?? 0), 0));
  return { rows, dayTotals, total: dayTotals.reduce((a, b) => a + b, 0) };
}
