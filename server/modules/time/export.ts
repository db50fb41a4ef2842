import { eq, sql, type SQL } from 'drizzle-orm';
import type { ExportField, TimeExportRow } from '../../../contract/time.ts';
import { teams } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { prefixed } from '../../lib/ids.ts';
import { columnLetter, type Sheet, type SheetColumn } from '../../lib/xlsx.ts';
import { queryRows } from './sql.ts';

export interface ExportFilter {
  fields: ExportField[];
  from?: string | undefined;
  to?: string | undefined;
  projectId?: number | undefined;
  clientId?: number | undefined;
  userId?: number | undefined;
  onlyWithTask?: boolean | undefined;
}

export const DEFAULT_EXPORT_FIELDS: ExportField[] = ['date', 'user', 'project', 'task'];

interface Row {
  time: string | number;
  date?: string;
  month?: string;
  user_id?: number;
  user_name?: string;
  project_id?: number | null;
  project_name?: string | null;
  task_id?: number | null;
  task_name?: string | null;
  task_status?: 'open' | 'closed' | null;
  section_name?: string | null;
  task_due?: string | null;
}

/** GET /team/time/export: one row per distinct combination of `fields`, time summed, aggregated in SQL. */
export async function exportTime(scope: Scope, f: ExportFilter): Promise<TimeExportRow[]> {
  const want = new Set(f.fields);
  const cols: SQL[] = [sql`sum(r.time)::bigint as time`];
  const groups: SQL[] = [];
  if (want.has('date')) {
    cols.push(sql`r.date::text as date`);
    groups.push(sql`r.date`);
  }
  if (want.has('month')) {
    cols.push(sql`to_char(r.date, 'YYYY-MM') as month`);
    groups.push(sql`to_char(r.date, 'YYYY-MM')`);
  }
  if (want.has('user')) {
    cols.push(sql`u.id as user_id, u.name as user_name`);
    groups.push(sql`u.id`);
  }
  if (want.has('project') || want.has('projects')) {
    cols.push(sql`p.id as project_id, p.name as project_name`);
    groups.push(sql`p.id`);
  }
  if (want.has('task')) {
    cols.push(sql`t.id as task_id, t.name as task_name, t.status as task_status, s.name as section_name, t.due_on::text as task_due`);
    groups.push(sql`t.id, s.name`);
  }
  const conds: SQL[] = [sql`r.team_id = ${scope.teamId}`, sql`(r.task_id is null or t.deleted_at is null)`];
  if (f.from) conds.push(sql`r.date >= ${f.from}`);
  if (f.to) conds.push(sql`r.date <= ${f.to}`);
  if (f.projectId !== undefined) conds.push(sql`t.project_id = ${f.projectId}`);
  if (f.clientId !== undefined) conds.push(sql`p.client_id = ${f.clientId}`);
  if (f.userId !== undefined) conds.push(sql`r.user_id = ${f.userId}`);
  if (f.onlyWithTask) conds.push(sql`r.task_id is not null`);
  const grouping = groups.length ? sql` group by ${sql.join(groups, sql`, `)} order by ${sql.join(groups, sql`, `)}` : sql``;
  const [rows, [team]] = await Promise.all([
    queryRows<Row>(
      scope,
      sql`
      select ${sql.join(cols, sql`, `)}
        from time_records r
        join users u on u.id = r.user_id
        left join tasks t on t.id = r.task_id
        left join projects p on p.id = t.project_id
        left join sections s on s.id = t.section_id
       where ${sql.join(conds, sql` and `)}${grouping}`,
    ),
    scope.db.select({ name: teams.name }).from(teams).where(eq(teams.id, scope.teamId)),
  ]);
  const workspace = team?.name ?? '';
  return rows
    .filter((r) => groups.length > 0 || Number(r.time) > 0)
    .map((r) => {
      const out: TimeExportRow = { time: Number(r.time) };
      if (want.has('date')) out.date = r.date!;
      if (want.has('month')) out.month = r.month!;
      if (want.has('user')) out.user = { id: r.user_id!, name: r.user_name! };
      if (want.has('project')) out.project = r.project_id == null ? null : { id: prefixed(r.project_id), name: r.project_name!, workspace };
      if (want.has('projects')) out.projects = r.project_id == null ? [] : [prefixed(r.project_id)];
      if (want.has('task')) {
        out.task =
          r.task_id == null
            ? null
            : {
                id: prefixed(r.task_id),
                name: r.task_name!,
                status: r.task_status!,
                type: 'task',
                iteration: r.section_name ?? '',
                number: r.task_id,
                dueAt: r.task_due ?? null,
              };
      }
      return out;
    });
}

/** The columns of the export as a sheet, in this order, for the fields asked for; time comes last. */
const sheetColumns: [ExportField, SheetColumn, (r: TimeExportRow) => string | null | undefined][] = [
  ['date', { header: 'Date', kind: 'date', width: 12 }, (r) => r.date],
  ['month', { header: 'Month', kind: 'text', width: 10 }, (r) => r.month],
  ['user', { header: 'Person', kind: 'text' }, (r) => r.user?.name],
  ['project', { header: 'Project', kind: 'text' }, (r) => r.project?.name ?? ''],
  ['projects', { header: 'Projects', kind: 'text' }, (r) => r.projects?.join(' ')],
  ['task', { header: 'Task', kind: 'text' }, (r) => r.task?.name ?? ''],
];

/** The rows of GET /team/time/export as one sheet: a column per field, time as Excel time, a totals row with a `SUM`. */
export function timeExportSheet(rows: readonly TimeExportRow[], fields: readonly ExportField[]): Sheet {
  const cols = sheetColumns.filter(([f]) => fields.includes(f));
  const timeCol = columnLetter(cols.length + 1);
  const total = rows.reduce((a, r) => a + r.time, 0);
  return {
    name: 'Time',
    columns: [...cols.map(([, c]) => c), { header: 'Time', kind: 'time' }],
    rows: (function* () {
      for (const r of rows) yield [...cols.map(([, , v]) => v(r)), r.time];
    })(),
    totals: (first, last) => [
      ...cols.map((_, i) => (i === 0 ? 'Total' : null)),
      last < first ? total : { formula: `SUM(${timeCol}${first}:${timeCol}${last})`, result: total },
    ],
  };
}
