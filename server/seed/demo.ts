import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  approvals,
  clients as clientsTable,
  projects as projectsTable,
  projectUsers,
  savedReports,
  sections,
  tasks,
  teams,
  timecards,
  timeHistory,
  timeRecords,
  users,
  type StoredBudget,
  type StoredEstimate,
} from '../db/schema/index.ts';
import { Scope } from '../db/scope.ts';
import { budgetUsage } from '../modules/budgets/progress.ts';
import type { Secrets } from '../lib/secrets.ts';
import { createUser } from '../modules/users/service.ts';
import { clients, DEMO_TEAM_NAME, people, type DemoBudget, type DemoTask, type PersonKey } from './data.ts';
import { planApprovals } from './approvals.ts';
import { projects } from './projects.ts';
import { seedDemoInvoice } from './invoices.ts';
import { seedExpenses } from './expenses.ts';
import { addDays } from '../../contract/weeks.ts';
import { toDate } from '../lib/time.ts';
import { planTime, weekdaysBefore } from './time.ts';
import { planTimecards } from './timecards.ts';
import { seedTimeOff } from './time-off.ts';
import type { AttachmentStorage } from '../modules/attachments/storage.ts';

export interface DemoAccount {
  name: string;
  email: string;
  role: string;
  password: string;
  apiKey: string;
}

export interface DemoResult {
  created: boolean;
  teamId: number;
  teamName: string;
  accounts: DemoAccount[];
  counts?: { clients: number; projects: number; tasks: number; timeRecords: number; expenses: number };
}

/** How many days back the demo's time records and expenses reach: a quarter, so the reports have history. */
export const DEMO_DAYS = 91;

const toBudget = (b: DemoBudget, now: Date): StoredBudget => {
  const { appliedFromWeeksAgo, targetProgress: _target, ...rest } = b;
  const appliedFrom =
    rest.period === 'general' && appliedFromWeeksAgo
      ? addDays(toDate(now), -7 * appliedFromWeeksAgo)
      : null;
  return { ...rest, appliedFrom };
};

const byPerson = (ids: Record<PersonKey, number>, m: Partial<Record<PersonKey, number>> | undefined, scale = 1) =>
  Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [String(ids[k as PersonKey]), Math.round(v * scale)]));

const toEstimate = (ids: Record<PersonKey, number>, e: DemoTask['estimate']): StoredEstimate | null => {
  if (e === undefined) return null;
  if (typeof e === 'number') return { total: e * 3600, type: 'overall', users: {} };
  const usersMap = byPerson(ids, e, 3600);
  return { total: Object.values(usersMap).reduce((a, b) => a + b, 0), type: 'users', users: usersMap };
};

/**
 * Sets a project's budget amount so that the time logged so far uses `targetProgress` percent of it
 * (whole hours for time budgets, whole tens for money), so the demo shows each budget state on any day.
 */
async function setBudgetToProgress(scope: Scope, projectId: number, budget: StoredBudget, targetProgress: number, now: Date) {
  const { used } = await budgetUsage(scope, { kind: 'project', id: projectId }, budget, now);
  const unit = budget.type === 'time' ? 3600 : 1000;
  const amount = Math.max(unit, Math.round((used * 100) / targetProgress / unit) * unit);
  await scope.update(projectsTable, { budget: { ...budget, budget: amount } }, eq(projectsTable.id, projectId));
}

/** One line for the printed sign-in: which project shows the over-budget refusal, and to whom. */
export function demoBudgetNote(): string {
  const p = projects.find((x) => x.budget?.disallowOverbudget && (x.budget.targetProgress ?? 0) > 100);
  if (!p) return '';
  const who = people.filter((x) => p.members.includes(x.key) && x.role !== 'supervisor').map((x) => x.email);
  return `"${p.name}" is over a budget that refuses more time: add time there as ${who.join(' or ')} to see the refusal.`;
}

/** The demo accounts with their API keys, when the demo team exists (passwords are the demo ones unless changed since). */
export async function demoSignIn(db: Db, secrets: Secrets): Promise<DemoResult | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.name, DEMO_TEAM_NAME)).limit(1);
  if (!team) return undefined;
  const rows = await new Scope(db, team.id).list(
    users,
    inArray(
      users.email,
      people.map((p) => p.email),
    ),
  );
  const accounts = people.flatMap((p) => {
    const row = rows.find((r) => r.email === p.email);
    return row ? [{ name: row.name, email: row.email, role: row.role, password: p.password, apiKey: secrets.decrypt(row.apiKeyEnc) }] : [];
  });
  return { created: false, teamId: team.id, teamName: team.name, accounts };
}

/**
 * Creates the demo team "Northwind Studio" with people, clients, projects, tasks, and a quarter of
 * time and expenses, in one transaction. Does nothing when the team already exists.
 */
export async function seedDemo(db: Db, secrets: Secrets, now = new Date(), storage?: AttachmentStorage): Promise<DemoResult> {
  const existing = await demoSignIn(db, secrets);
  if (existing) return existing;
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [team] = await tx.insert(teams).values({ name: DEMO_TEAM_NAME, weekStart: 1 }).returning();
    const scope = new Scope(tx, team!.id);
    const ids = {} as Record<PersonKey, number>;
    const accounts: DemoAccount[] = [];
    let admin: Awaited<ReturnType<typeof createUser>>['row'] | undefined;
    for (const p of people) {
      const { row, apiKey } = await createUser(tx, secrets, {
        teamId: team!.id,
        name: p.name,
        email: p.email,
        role: p.role,
        type: p.type,
        headline: p.headline,
        rate: p.rate,
        cost: p.cost,
        capacity: p.capacity,
        timezone: p.timezone,
        password: p.password,
      });
      ids[p.key] = row.id;
      if (p.role === 'admin') admin ??= row;
      accounts.push({ name: p.name, email: p.email, role: p.role, password: p.password, apiKey });
    }

    const clientIds: Record<string, number> = {};
    for (const c of clients) {
      const row = await scope.insert(clientsTable, {
        name: c.name,
        businessDetails: c.businessDetails,
        budget: c.budget ? toBudget(c.budget, now) : null,
      });
      clientIds[c.key] = row.id;
    }

    const taskCount = { n: 0 };
    const projectsOf = new Map<PersonKey, { id: number; billable: boolean }[]>();
    const targets: { projectId: number; budget: StoredBudget; targetProgress: number }[] = [];
    const workTasks = new Map<PersonKey, number[]>();
    for (const p of projects) {
      const project = await scope.insert(projectsTable, {
        name: p.name,
        type: p.type,
        clientId: p.client ? clientIds[p.client]! : null,
        color: p.color,
        billing: p.billing,
        rate: {
          type: p.rate.type,
          rate: p.rate.rate,
          userRateOverrides: byPerson(ids, p.rate.userRateOverrides),
          userCostOverrides: byPerson(ids, p.rate.userCostOverrides),
        },
        budget: p.budget ? { ...toBudget(p.budget, now), showToUsers: p.budget.showToUsers } : null,
      });
      if (p.budget?.targetProgress)
        targets.push({ projectId: project.id, budget: project.budget!, targetProgress: p.budget.targetProgress });
      for (const m of p.members)
        projectsOf.set(m, [...(projectsOf.get(m) ?? []), { id: project.id, billable: p.billing.type !== 'non_billable' }]);
      await scope.insertMany(
        projectUsers,
        p.members.map((m) => ({ projectId: project.id, userId: ids[m] })),
      );
      for (const [position, s] of p.sections.entries()) {
        const section = await scope.insert(sections, { projectId: project.id, name: s.name, position });
        const rows = await scope.insertMany(
          tasks,
          s.tasks.map((t, i) => ({
            projectId: project.id,
            sectionId: section.id,
            name: t.name,
            position: i,
            labels: t.labels ?? [],
            status: t.closed ? ('closed' as const) : ('open' as const),
            estimate: toEstimate(ids, t.estimate),
          })),
        );
        taskCount.n += rows.length;
        for (const row of rows.filter((r) => r.status === 'open'))
          for (const m of p.members) workTasks.set(m, [...(workTasks.get(m) ?? []), row.id]);
      }
    }

    const days = weekdaysBefore(now, DEMO_DAYS);
    const plan = planTime(
      people.map((p) => ({ userId: ids[p.key], dailyHours: p.dailyHours, taskIds: workTasks.get(p.key) ?? [] })),
      days,
    );
    const records = await scope.insertMany(
      timeRecords,
      plan.map((r) => ({
        userId: r.userId,
        taskId: r.taskId,
        date: r.date,
        time: r.time,
        comment: r.comment,
        createdAt: new Date(`${r.date}T17:00:00Z`),
        updatedAt: new Date(`${r.date}T17:00:00Z`),
      })),
    );
    await scope.insertMany(
      timeHistory,
      records.map((r) => ({
        recordId: r.id,
        createdBy: r.userId,
        action: 'ADD' as const,
        time: r.time,
        previousTime: 0,
        createdAt: r.createdAt,
      })),
    );
    for (const t of targets) await setBudgetToProgress(scope, t.projectId, t.budget, t.targetProgress, now);
    if (admin && days.length) await seedDemoInvoice(scope, admin, team!, clientIds.helix!, now, [...days].sort()[0]!);
    const expenseCount = await seedExpenses(scope, {
      people: people.filter((p) => p.role !== 'member_limited').map((p) => ({ userId: ids[p.key], projects: projectsOf.get(p.key) ?? [] })),
      dates: weekdaysBefore(now, DEMO_DAYS),
      storage,
    });
    await scope.insertMany(approvals, planApprovals(ids, records, now, team!.weekStart));
    const workers = people.map((p) => ({ userId: ids[p.key], timezone: p.timezone, nightShift: p.key === 'tomas', atWorkNow: p.key === 'priya', correctedByAdmin: p.key === 'priya' }));
    await scope.insertMany(timecards, planTimecards(workers, records, admin!.id, now));
    if (admin) await seedTimeOff(scope, ids, admin.id, now.toISOString().slice(0, 10), now);
    // Two reports the team shares: one client's last month, and this week by person.
    if (admin)
      await scope.insertMany(savedReports, [
        { ownerId: admin.id, name: 'Helix, last month', tab: 'clients', period: 'lastMonth', filters: { client: clientIds.helix!, sort: '-time' }, shared: true, createdAt: now, updatedAt: now },
        { ownerId: admin.id, name: 'This week by person', tab: 'people', period: 'thisWeek', filters: {}, shared: true, createdAt: now, updatedAt: now },
      ]);
    return {
      created: true,
      teamId: team!.id,
      teamName: DEMO_TEAM_NAME,
      accounts,
      counts: {
        clients: clients.length,
        projects: projects.length,
        tasks: taskCount.n,
        timeRecords: records.length,
        expenses: expenseCount,
      },
    };
  });
}
