import { and, eq, ne, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { ApplyImportBody, ImportCreated } from '../../../contract/imports.ts';
import type { Db } from '../../db/client.ts';
import {
  clients,
  importFingerprints,
  importLedger,
  imports,
  projects,
  tasks,
  timeHistory,
  timeRecords,
  users,
} from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { ImportDeps } from './service.ts';
import { ApiError, unprocessable } from '../../http/errors.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import { findDayRecord, INVOICED_REASON } from '../time/records.ts';
import { anyInt, queryRows } from '../time/sql.ts';
import { lockReasons } from '../timesheets/locks.ts';
import { issueInvitation } from '../users/invitations.ts';
import { createUser } from '../users/service.ts';
import { lower, planImport, projectKey, taskKey, type Decision, type DayGroup } from './plan.ts';
import { recordAudit, type AuditWho } from '../audit/record.ts';
import { notifierFor, reviewersOf } from '../notifications/emit.ts';
import { SOURCE_LABELS } from './rows.ts';

type ImportRowDb = typeof imports.$inferSelect;
type LedgerKind = (typeof importLedger.$inferInsert)['kind'];

/** The admin's decisions per person of the file; 422 when one is missing or names no member of the team. */
function decisionsOf(row: ImportRowDb, body: ApplyImportBody, memberIds: Set<number>) {
  const given = new Map(body.people.map((p) => [p.key, p]));
  const decisions = new Map<string, Decision>();
  const emails = new Map<string, string>();
  const problems: string[] = [];
  for (const person of row.preview.people) {
    const d = given.get(person.key);
    if (!d) problems.push(`${person.name} is not decided: choose a member of the team or invite them`);
    else if ('userId' in d) {
      if (memberIds.has(d.userId)) decisions.set(person.key, { userId: d.userId });
      else problems.push(`${person.name} is mapped onto a user who is not a member of this team`);
    } else {
      const email = d.email?.toLowerCase() ?? person.email;
      if (!email) problems.push(`${person.name} has no email in the file: give one to invite them, or choose a member of the team`);
      else {
        decisions.set(person.key, { invite: true });
        emails.set(person.key, email);
      }
    }
  }
  if (problems.length) throw unprocessable(problems[0]!, { people: problems });
  return { decisions, emails };
}

/**
 * Applies a previewed import in ONE transaction: invites the people to invite, creates the clients, projects and
 * tasks it lacks, adds each day's seconds to the time records (with history), remembers every row's fingerprint,
 * and keeps a ledger of all of it for undo. Rows of locked days are skipped.
 */
export async function applyImport(
  deps: ImportDeps,
  scope: Scope,
  importId: number,
  actorId: number,
  body: ApplyImportBody,
  open: () => Readable,
  who: AuditWho,
): Promise<ImportCreated> {
  return scope
    .tx(async (tx) => {
      const [row] = await tx.update(
        imports,
        { status: 'applied', appliedAt: deps.clock() },
        eq(imports.id, importId),
        eq(imports.status, 'previewed'),
      );
      if (!row) throw unprocessable('Only a previewed import can be applied: this one is applied or undone already');
      const members = await tx.list(users, ne(users.status, 'removed'));
      const { decisions, emails } = decisionsOf(row, body, new Set(members.map((m) => m.id)));
      const plan = await planImport(tx, row.source, row.mapping, open, decisions);
      const ledger: (typeof importLedger.$inferInsert)[] = [];
      const note = (kind: LedgerKind, entityId: number, extra: Partial<typeof importLedger.$inferInsert> = {}) =>
        ledger.push({ teamId: tx.teamId, importId, kind, entityId, ...extra });
      const created: ImportCreated = { rows: 0, seconds: 0, records: 0, clients: 0, projects: 0, tasks: 0, users: 0 };

      const userOf = new Map<string, number>();
      for (const person of plan.people.values()) {
        const d = decisions.get(person.key)!;
        if ('userId' in d) userOf.set(person.key, d.userId);
        else {
          const { row: user } = await createUser(tx.db as Db, deps.secrets, {
            teamId: tx.teamId,
            name: person.name,
            email: emails.get(person.key)!,
            role: 'member',
            status: 'invited',
          });
          await issueInvitation(deps, tx.db as Db, user);
          userOf.set(person.key, user.id);
          note('user', user.id);
          created.users++;
        }
      }

      const open_ = plan.groups.filter((g) => !g.locked);
      const billableProjects = new Set(open_.filter((g) => g.billable).map((g) => JSON.stringify([lower(g.client), lower(g.project)])));
      const billableTasks = new Set(
        open_.filter((g) => g.billable).map((g) => JSON.stringify([lower(g.client), lower(g.project), lower(g.task)])),
      );
      const { state } = plan;

      const clientOf = async (g: DayGroup) => {
        if (!g.client) return undefined;
        let id = state.clients.get(lower(g.client));
        if (id === undefined) {
          id = (await tx.insert(clients, { name: g.client })).id;
          state.clients.set(lower(g.client), id);
          note('client', id);
          created.clients++;
        }
        return id;
      };
      const projectOf = async (g: DayGroup, clientId: number | undefined) => {
        let id = state.projects.get(projectKey(clientId, g.project));
        if (id === undefined) {
          const billable = billableProjects.has(JSON.stringify([lower(g.client), lower(g.project)]));
          id = (
            await tx.insert(projects, {
              name: g.project,
              clientId: clientId ?? null,
              billing: { type: billable ? 'hourly' : 'non_billable', fee: null },
            })
          ).id;
          state.projects.set(projectKey(clientId, g.project), id);
          note('project', id);
          created.projects++;
        }
        return id;
      };
      const taskOf = async (g: DayGroup, projectId: number) => {
        let id = state.tasks.get(taskKey(projectId, g.task));
        if (id === undefined) {
          const unbillable =
            billableProjects.has(JSON.stringify([lower(g.client), lower(g.project)])) &&
            !billableTasks.has(JSON.stringify([lower(g.client), lower(g.project), lower(g.task)]));
          id = (await tx.insert(tasks, { projectId, name: g.task, unbillable })).id;
          state.tasks.set(taskKey(projectId, g.task), id);
          note('task', id);
          created.tasks++;
        }
        return id;
      };

      for (const g of open_) {
        const userId = userOf.get(g.person)!;
        const taskId = await taskOf(g, await projectOf(g, await clientOf(g)));
        const existing = await findDayRecord(tx, userId, taskId, g.date);
        const comment = g.notes.join('\n');
        let recordId: number;
        let previous = 0;
        if (existing) {
          // A record invoiced since the preview: the plan read the team inside this transaction, so this is a guard.
          if (existing.isInvoiced) throw unprocessable(`${INVOICED_REASON}: ${g.date}`);
          previous = existing.time;
          const setComment = existing.comment === '' && comment !== '';
          await tx.update(
            timeRecords,
            { time: existing.time + g.seconds, updatedAt: deps.clock(), ...(setComment ? { comment } : {}) },
            eq(timeRecords.id, existing.id),
          );
          recordId = existing.id;
          note('time', recordId, { seconds: g.seconds, created: false, previousComment: setComment ? '' : null });
        } else {
          recordId = (await tx.insert(timeRecords, { userId, taskId, date: g.date, time: g.seconds, comment })).id;
          note('time', recordId, { seconds: g.seconds, created: true });
          created.records++;
        }
        await tx.insert(timeHistory, { recordId, createdBy: actorId, action: 'ADD', time: g.seconds, previousTime: previous });
        created.rows += g.lines.length;
        created.seconds += g.seconds;
      }

      const fingerprints = open_.flatMap((g) => g.fingerprints.map((fingerprint) => ({ source: row.source, fingerprint, importId })));
      for (let i = 0; i < fingerprints.length; i += 1000) await tx.insertMany(importFingerprints, fingerprints.slice(i, i + 1000));
      for (let i = 0; i < ledger.length; i += 1000) await tx.db.insert(importLedger).values(ledger.slice(i, i + 1000));
      await tx.update(imports, { preview: plan.preview, created }, eq(imports.id, importId));
      await recordAudit(tx.db, who, { kind: 'import.applied', subject: importSubject(row), after: { source: row.source, ...created } });
      // The team's admins hear that it finished (the one who started it too: from the command line it may run long).
      await notifierFor(deps).notify(tx, {
        kind: 'import.finished',
        to: await reviewersOf(tx, ['admin']),
        subject: { type: 'import', id: importId },
        link: '/import',
        payload: {
          title: `Import ${importId} (${SOURCE_LABELS[row.source]}) finished: ${created.rows} rows in ${created.records} new time records`,
          comment: '',
          actor: null,
        },
      });
      return created;
    })
    .catch((e: unknown) => {
      // Another import committed some of the same rows while this one ran: nothing of this one was written.
      if (isUniqueViolation(e, 'import_fingerprints_uq'))
        throw new ApiError(
          409,
          'Another import added some of these rows at the same moment, so nothing was applied: apply again to add only what is still new.',
        );
      throw e;
    });
}

/**
 * Undoes an applied import in one transaction: takes its seconds off each record (removing the records it
 * created once they hold nothing else), puts back comments it set, then removes the tasks, projects, clients and
 * invited people it created that nothing else uses now, and forgets its fingerprints. Refused (422) when some of
 * its time is locked now.
 */
export async function undoImport(deps: ImportDeps, scope: Scope, importId: number, actorId: number, who: AuditWho): Promise<void> {
  await scope.tx(async (tx) => {
    const [row] = await tx.update(
      imports,
      { status: 'undone', undoneAt: deps.clock() },
      eq(imports.id, importId),
      eq(imports.status, 'applied'),
    );
    if (!row) throw unprocessable('Only an applied import can be undone: this one is not applied, or undone already');
    const ledger = await tx.list(importLedger, eq(importLedger.importId, importId));
    const ids = (kind: LedgerKind) => ledger.filter((l) => l.kind === kind).map((l) => l.entityId);
    for (const l of ledger.filter((x) => x.kind === 'time')) {
      const record = await tx.byId(timeRecords, l.entityId);
      if (!record) continue;
      const reasons = [
        ...((await lockReasons(tx, record.userId, [record.date], null)).get(record.date) ?? []),
        ...(record.isInvoiced ? [INVOICED_REASON] : []),
      ];
      if (reasons.length)
        throw unprocessable(`This import's time of ${record.date} is locked: ${reasons.join('; ')}. Reopen the week first.`, {
          time: reasons,
        });
      const time = Math.max(0, record.time - l.seconds);
      if (l.created && time === 0) {
        await tx.delete(timeRecords, eq(timeRecords.id, record.id));
        continue;
      }
      await tx.update(
        timeRecords,
        { time, updatedAt: deps.clock(), ...(l.previousComment !== null ? { comment: l.previousComment } : {}) },
        eq(timeRecords.id, record.id),
      );
      await tx.insert(timeHistory, {
        recordId: record.id,
        createdBy: actorId,
        action: 'EDIT',
        time: time - record.time,
        previousTime: record.time,
      });
    }
    const team = tx.teamId;
    const removeUnused = async (ids: number[], query: (ids: ReturnType<typeof anyInt>) => ReturnType<typeof sql>) => {
      if (ids.length) await queryRows(tx, query(anyInt(ids)));
    };
    await removeUnused(
      ids('task'),
      (any) =>
        sql`delete from tasks t where t.team_id = ${team} and t.id = ${any} and not exists (select 1 from time_records r where r.task_id = t.id)`,
    );
    await removeUnused(
      ids('project'),
      (any) =>
        sql`delete from projects p where p.team_id = ${team} and p.id = ${any} and not exists (select 1 from tasks t join time_records r on r.task_id = t.id where t.project_id = p.id)`,
    );
    await removeUnused(
      ids('client'),
      (any) =>
        sql`delete from clients c where c.team_id = ${team} and c.id = ${any} and not exists (select 1 from projects p where p.client_id = c.id)`,
    );
    await removeUnused(
      ids('user'),
      (any) =>
        sql`delete from users u where u.team_id = ${team} and u.id = ${any} and u.status = 'invited' and not exists (select 1 from time_records r where r.user_id = u.id)`,
    );
    await tx.delete(importFingerprints, and(eq(importFingerprints.importId, importId)));
    await recordAudit(tx.db, who, { kind: 'import.undone', subject: importSubject(row), before: { source: row.source, ...row.created } });
  });
}

/** An import as the audit log names it: its number and file. */
const importSubject = (row: { id: number; fileName: string }) => ({ type: 'import', id: row.id, name: `Import ${row.id} (${row.fileName})` });
