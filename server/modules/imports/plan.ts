import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, gte, isNull, lte, ne } from 'drizzle-orm';
import type { ImportMapping, ImportPerson, ImportPreview } from '../../../contract/imports.ts';
import { clients, importFingerprints, projects, tasks, timeRecords, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { INVOICED_REASON } from '../time/records.ts';
import { lockReasons } from '../timesheets/locks.ts';
import { readImport } from './read.ts';
import type { ImportRow, ImportSource } from './rows.ts';

const lower = (s: string) => s.trim().toLocaleLowerCase();

/** The rows of a file on one day for one person, client, project and task: one time record's share. */
export interface DayGroup {
  person: string;
  client: string;
  project: string;
  /** The task name; a project's "no task" time goes to a task named for the project. */
  task: string;
  date: string;
  seconds: number;
  lines: number[];
  notes: string[];
  fingerprints: string[];
  billable: boolean;
  /** Why the group is skipped (its week is locked or its record invoiced), once known. */
  locked?: string;
}

/** Who a person of the file is in the team: a member (by id), or to be invited. */
export type Decision = { userId: number } | { invite: true };

export interface TeamState {
  users: { id: number; name: string; email: string; status: string }[];
  clients: Map<string, number>;
  /** `client id or ''` + NUL + project name → project id. */
  projects: Map<string, number>;
  /** `project id` + NUL + task name → task id. */
  tasks: Map<string, number>;
}

export interface Plan {
  preview: ImportPreview;
  groups: DayGroup[];
  people: Map<string, ImportPerson>;
  state: TeamState;
}

export const projectKey = (clientId: number | undefined, name: string) => `${clientId ?? ''}\u0000${lower(name)}`;
export const taskKey = (projectId: number, name: string) => `${projectId}\u0000${lower(name)}`;
export const personKey = (p: ImportRow['person']) => p.email ?? `name:${lower(p.name)}`;

/** The fingerprint of a row: who, when, how long, on what, with which note; `n` tells identical rows apart. */
function fingerprint(r: ImportRow, n: number): string {
  const parts = [personKey(r.person), r.date, r.start ?? '', r.seconds, lower(r.client), lower(r.project), lower(r.task ?? ''), r.note, n];
  return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32);
}

export async function loadTeamState(scope: Scope): Promise<TeamState> {
  const [us, cs, ps, ts] = await Promise.all([
    scope.list(users, ne(users.status, 'removed')),
    scope.list(clients),
    scope.list(projects),
    scope.list(tasks, isNull(tasks.deletedAt)),
  ]);
  const state: TeamState = { users: us, clients: new Map(), projects: new Map(), tasks: new Map() };
  for (const c of cs) if (!state.clients.has(lower(c.name))) state.clients.set(lower(c.name), c.id);
  for (const p of ps)
    if (!state.projects.has(projectKey(p.clientId ?? undefined, p.name)))
      state.projects.set(projectKey(p.clientId ?? undefined, p.name), p.id);
  for (const t of ts) if (!state.tasks.has(taskKey(t.projectId, t.name))) state.tasks.set(taskKey(t.projectId, t.name), t.id);
  return state;
}

/** The team member a person of the file is: same email, or else the only member of the same name. */
function matchPerson(state: TeamState, p: { name: string; email: string | null }): ImportPerson['match'] {
  const byEmail = p.email ? state.users.find((u) => u.email === p.email) : undefined;
  if (byEmail) return { userId: byEmail.id, name: byEmail.name, by: 'email' };
  const named = state.users.filter((u) => lower(u.name) === lower(p.name));
  return named.length === 1 ? { userId: named[0]!.id, name: named[0]!.name, by: 'name' } : null;
}

/**
 * Reads the file and works out what importing it would do for the team: people found or not, clients,
 * projects and tasks matched or new, rows already imported, rows in locked weeks, totals. `decisions` (at
 * apply) replace the matches found; without them, the matches found are assumed.
 */
export async function planImport(
  scope: Scope,
  source: ImportSource,
  mapping: ImportMapping | null,
  open: () => Readable,
  decisions?: Map<string, Decision>,
): Promise<Plan> {
  const state = await loadTeamState(scope);
  const seen = new Set(
    (
      await scope.db
        .select({ f: importFingerprints.fingerprint })
        .from(importFingerprints)
        .where(and(scope.mine(importFingerprints), eq(importFingerprints.source, source)))
    ).map((r) => r.f),
  );
  const occurrences = new Map<string, number>();
  const groups = new Map<string, DayGroup>();
  const people = new Map<string, ImportPerson>();
  let duplicates = 0;
  const summary = await readImport(
    source,
    open,
    (r) => {
      const key = personKey(r.person);
      if (!people.has(key)) people.set(key, { key, name: r.person.name, email: r.person.email ?? null, rows: 0, seconds: 0, match: null });
      const base = JSON.stringify([key, r.date, r.start ?? '', r.seconds, lower(r.client), lower(r.project), lower(r.task ?? ''), r.note]);
      const n = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, n);
      const fp = fingerprint(r, n);
      if (seen.has(fp)) {
        duplicates++;
        return;
      }
      const task = r.task ?? r.project;
      const gk = JSON.stringify([key, lower(r.client), lower(r.project), lower(task), r.date]);
      let g = groups.get(gk);
      if (!g) {
        g = {
          person: key,
          client: r.client,
          project: r.project,
          task,
          date: r.date,
          seconds: 0,
          lines: [],
          notes: [],
          fingerprints: [],
          billable: false,
        };
        groups.set(gk, g);
      }
      g.seconds += r.seconds;
      g.lines.push(r.line);
      if (r.note && !g.notes.includes(r.note)) g.notes.push(r.note);
      g.fingerprints.push(fp);
      g.billable ||= r.billable;
    },
    mapping,
  );

  for (const p of people.values()) {
    const decided = decisions?.get(p.key);
    if (decided === undefined) p.match = matchPerson(state, p);
    else if ('userId' in decided) {
      const u = state.users.find((x) => x.id === decided.userId);
      const found = matchPerson(state, p);
      p.match = u ? { userId: u.id, name: u.name, by: found?.userId === u.id ? found.by : 'name' } : null;
    } else p.match = null;
  }
  const all = [...groups.values()];
  await markLocked(scope, state, all, people);

  const newClients = new Map<string, { name: string; matched: boolean }>();
  const projectList = new Map<string, { name: string; client: string; matched: boolean; seconds: number }>();
  const taskSet = new Map<string, boolean>();
  let totalSeconds = 0;
  let newRows = 0;
  for (const g of all) {
    if (g.locked) continue;
    const clientId = g.client ? state.clients.get(lower(g.client)) : undefined;
    if (g.client) newClients.set(lower(g.client), { name: g.client, matched: clientId !== undefined });
    const projectId = g.client && clientId === undefined ? undefined : state.projects.get(projectKey(clientId, g.project));
    const pk = JSON.stringify([lower(g.client), lower(g.project)]);
    const pl = projectList.get(pk) ?? { name: g.project, client: g.client, matched: projectId !== undefined, seconds: 0 };
    pl.seconds += g.seconds;
    projectList.set(pk, pl);
    taskSet.set(JSON.stringify([pk, lower(g.task)]), projectId !== undefined && state.tasks.has(taskKey(projectId, g.task)));
    const person = people.get(g.person)!;
    person.rows += g.lines.length;
    person.seconds += g.seconds;
    totalSeconds += g.seconds;
    newRows += g.lines.length;
  }
  const count = <T>(items: Iterable<T>, matched: (t: T) => boolean) => {
    const list = [...items];
    const m = list.filter(matched).length;
    return { new: list.length - m, matched: m };
  };
  const locked = all
    .filter((g) => g.locked)
    .flatMap((g) => g.lines.map((line) => ({ line, date: g.date, person: people.get(g.person)!.name, reason: g.locked! })))
    .sort((a, b) => a.line - b.line);
  const preview: ImportPreview = {
    rows: summary.rows,
    counts: {
      clients: count(newClients.values(), (c) => c.matched),
      projects: count(projectList.values(), (p) => p.matched),
      tasks: count(taskSet.values(), (m) => m),
      people: count(people.values(), (p) => p.match !== null),
      time: { new: newRows, skippedDuplicate: duplicates, skippedLocked: locked.length, unreadable: summary.problemCount },
    },
    people: [...people.values()],
    clients: [...newClients.values()],
    projects: [...projectList.values()],
    errors: summary.problems,
    locked,
    totalSeconds,
  };
  return { preview, groups: all, people, state };
}

/** Marks the groups of matched people whose day is locked: a pending or approved week, or invoiced time. */
async function markLocked(scope: Scope, state: TeamState, groups: DayGroup[], people: Map<string, ImportPerson>) {
  const byUser = new Map<number, DayGroup[]>();
  for (const g of groups) {
    const userId = people.get(g.person)?.match?.userId;
    if (userId !== undefined) byUser.set(userId, [...(byUser.get(userId) ?? []), g]);
  }
  for (const [userId, list] of byUser) {
    const dates = list.map((g) => g.date).sort();
    // Imports are an admin's work, and the automatic lock does not bind admins: approvals alone skip rows.
    const reasons = await lockReasons(scope, userId, dates, null);
    const invoiced = await scope.db
      .select({ taskId: timeRecords.taskId, date: timeRecords.date })
      .from(timeRecords)
      .where(
        scope.where(
          timeRecords,
          eq(timeRecords.userId, userId),
          eq(timeRecords.isInvoiced, true),
          gte(timeRecords.date, dates[0]!),
          lte(timeRecords.date, dates.at(-1)!),
        ),
      );
    const invoicedKeys = new Set(invoiced.map((r) => `${r.taskId}|${r.date}`));
    for (const g of list) {
      const why = reasons.get(g.date);
      if (why) g.locked = why.join('; ');
      else if (invoicedKeys.size > 0) {
        const clientId = g.client ? state.clients.get(lower(g.client)) : undefined;
        const projectId = g.client && clientId === undefined ? undefined : state.projects.get(projectKey(clientId, g.project));
        const taskId = projectId === undefined ? undefined : state.tasks.get(taskKey(projectId, g.task));
        if (taskId !== undefined && invoicedKeys.has(`${taskId}|${g.date}`)) g.locked = INVOICED_REASON;
      }
    }
  }
}

export { lower };
