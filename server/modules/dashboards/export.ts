import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { DashboardExportQuery } from '../../../contract/dashboards.ts';
import { dashboardRoutes } from '../../../contract/dashboards.ts';
import {
  figureColumns,
  nameColumns,
  reportFileName,
  roundingChanges,
  totalsOf,
  type FigureColumn,
  type FigureRow,
  type ReportTab,
} from '../../../contract/report-columns.ts';
import { reportCsv } from '../../../contract/report-csv.ts';
import type { Role } from '../../../contract/users.ts';
import { headlineItems, headlineOf, type HeadlineItem } from '../../../src/features/reports/figures.ts';
import { intervalFor, rowBars, trendBars, type TimeBar, type TrendInterval } from '../../../src/features/reports/chart-data.ts';
import { clients, projects, teams, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { register } from '../../http/route.ts';
import { pdfResponse } from '../../lib/pdf.ts';
import { attachment, columnLetter, xlsxResponse, type FormulaCell, type Sheet } from '../../lib/xlsx.ts';
import { filterFor } from './filter.ts';
import type { Visibility } from './figures.ts';
import type { DashboardFilter } from './queries.ts';
import { renderReportPdf } from './report-pdf.ts';
import { clientReport, projectReport, userReport } from './reports.ts';
import { trendTotals } from './trend.ts';

/** One row of an exported table: the report's figures and its names (the project's client on Projects). */
interface ExportRow extends FigureRow {
  name: string;
  client?: string;
}

/** The role whose columns the screen shows for what the dashboards let the caller see. */
const roleFor: Record<Visibility, Role> = { all: 'admin', billable: 'supervisor', time: 'member' };

const visibilityText: Record<Visibility, string> = {
  all: 'Every figure',
  billable: 'Time and billable amounts (no costs or profit)',
  time: 'Time only',
};

/** Each export route, its tab and its rows: the very rows of the JSON report, named as the screen names them. */
const reports: { route: (typeof dashboardRoutes)['clientsExport' | 'projectsExport' | 'usersExport']; tab: ReportTab; rows: RowsOf }[] = [
  {
    route: dashboardRoutes.clientsExport,
    tab: 'clients',
    rows: async (...a) => (await clientReport(...a)).map((r) => ({ ...r, name: r.clientName })),
  },
  {
    route: dashboardRoutes.projectsExport,
    tab: 'projects',
    rows: async (...a) => (await projectReport(...a)).map((r) => ({ ...r, name: r.projectName, client: r.clientName ?? '' })),
  },
  {
    route: dashboardRoutes.usersExport,
    tab: 'people',
    rows: async (...a) => (await userReport(...a)).map((r) => ({ ...r, name: r.memberName })),
  },
];
type RowsOf = (scope: Scope, filter: DashboardFilter, visibility: Visibility) => Promise<ExportRow[]>;

const textOf = (id: 'name' | 'client') => (r: ExportRow) => (id === 'name' ? r.name : (r.client ?? ''));

/**
 * The totals row of the table sheet: a `SUM` under every time, money and days column; the percents worked
 * out again from the totals as the screen does (share by timer weighted by time, profit over costs).
 */
function totalsRow(names: number, figures: readonly FigureColumn[], totals: FigureRow) {
  return (first: number, last: number): (string | number | FormulaCell | null)[] => {
    const at = (key: string) => columnLetter(names + 1 + figures.findIndex((f) => f.key === key));
    const total = last + 1;
    const lead = ['Total', ...Array<null>(names - 1).fill(null)];
    if (last < first) return [...lead, ...figures.map((f) => totals[f.key] ?? 0)];
    return [
      ...lead,
      ...figures.map((f): FormulaCell => {
        const col = at(f.key);
        const result = totals[f.key] ?? 0;
        if (f.key === 'timerTimePc') {
          const time = at('time');
          return {
            formula: `IF(${time}${total}=0,0,ROUND(SUMPRODUCT(${col}${first}:${col}${last},${time}${first}:${time}${last})/${time}${total},2))`,
            result,
          };
        }
        if (f.key === 'profitCosts') {
          const [profit, costs] = [at('profit'), at('costs')];
          return { formula: `IF(${costs}${total}=0,0,ROUND(${profit}${total}/${costs}${total},2))`, result };
        }
        return { formula: `SUM(${col}${first}:${col}${last})`, result };
      }),
    ];
  };
}

/**
 * The PDF's trend: per day up to 45 days, else per week, over the range asked for; an open range ends where
 * the report's time does.
 */
async function trendOf(scope: Scope, filter: DashboardFilter, tab: ReportTab, weekStart: number): Promise<{ bars: TimeBar[]; interval: TrendInterval }> {
  const report = tab === 'people' ? 'users' : tab;
  const interval = filter.from && filter.to ? intervalFor(filter.from, filter.to) : 'week';
  const points = await trendTotals(scope.db, filter, { interval, report, weekStart });
  const from = filter.from ?? points[0]?.date;
  const to = filter.to ?? points.at(-1)?.date;
  return { bars: from && to ? trendBars(points, { from, to }, interval, weekStart) : [], interval };
}

/** The filters the table was made with, in words: the Excel file's second sheet and the PDF's heading. */
async function filterLines(scope: Scope, tab: ReportTab, query: DashboardExportQuery, filter: DashboardFilter, visibility: Visibility, now: Date) {
  const nameOf = async (table: typeof clients | typeof projects | typeof users, id: number | undefined) => {
    if (id === undefined) return undefined;
    const [row] = await scope.db
      .select({ name: table.name })
      .from(table)
      .where(scope.where(table, eq(table.id, id)));
    return row ? row.name : `#${id}`;
  };
  const [client, project, person] = await Promise.all([
    nameOf(clients, filter.clientId),
    nameOf(projects, filter.projectId),
    nameOf(users, filter.memberId),
  ]);
  const title = { clients: 'Clients', projects: 'Projects', people: 'People' }[tab];
  const lines: [string, string][] = [
    ['Report', title],
    ['From', query['date.gte'] ?? 'Any date'],
    ['To', query['date.lte'] ?? 'Any date'],
    ['Client', client ?? 'All clients'],
    ['Project', project ?? 'All projects'],
    ['Person', person ?? 'Everyone'],
    ['Figures', visibilityText[visibility]],
    ['Exported at', now.toISOString()],
  ];
  return lines;
}

/** The report's table for the caller: the rows of the JSON report and the columns and totals of the screen's table. */
async function tableOf(scope: Scope, report: (typeof reports)[number], query: DashboardExportQuery, caller: Caller) {
  const { filter, visibility } = filterFor(caller, scope.teamId, query);
  const rows = await report.rows(scope, filter, visibility);
  const figures = figureColumns(report.tab, roleFor[visibility], roundingChanges(rows));
  return { filter, visibility, rows, figures, totals: totalsOf(rows, figures), names: nameColumns[report.tab] };
}

/**
 * A report tab as a PDF document, showing what `caller` may see: the export's `format=pdf`, and the PDF a saved
 * report's email carries (made as each recipient).
 */
export async function reportPdf(
  scope: Scope,
  tab: ReportTab,
  query: DashboardExportQuery,
  caller: Caller,
  now: Date,
): Promise<{ pdf: Buffer; headline: HeadlineItem[] }> {
  const report = reports.find((r) => r.tab === tab)!;
  const { filter, visibility, rows, figures, totals, names } = await tableOf(scope, report, query, caller);
  const [team] = await scope.db.select({ name: teams.name, weekStart: teams.weekStart }).from(teams).where(eq(teams.id, scope.teamId));
  const trend = await trendOf(scope, filter, report.tab, team?.weekStart ?? 1);
  const headline = headlineItems(headlineOf(rows, roleFor[visibility]));
  const pdf = await renderReportPdf({
    tab: report.tab,
    team: team?.name ?? '',
    from: query['date.gte'],
    to: query['date.lte'],
    filters: await filterLines(scope, report.tab, query, filter, visibility, now),
    headline,
    names: names.map((n) => ({ label: n.label, text: textOf(n.id) })),
    figures,
    rows,
    totals,
    rowBars: rowBars(
      rows,
      (r) => r.name,
      (r) => r.name,
    ),
    trend: trend.bars,
    interval: trend.interval,
    paper: query.paper,
    now,
  });
  return { pdf, headline };
}

/** Answers one report as CSV (the screen's columns and totals), as an Excel workbook or as a PDF document. */
async function answerExport(c: Context<AppEnv>, report: (typeof reports)[number], query: DashboardExportQuery, caller: Caller) {
  const scope = c.get('scope');
  const filename = reportFileName(report.tab, query['date.gte'], query['date.lte'], query.format);
  const now = c.get('deps').clock();
  if (query.format === 'pdf') return pdfResponse((await reportPdf(scope, report.tab, query, caller, now)).pdf, attachment(filename));
  const { filter, visibility, rows, figures, totals, names } = await tableOf(scope, report, query, caller);
  if (query.format === 'csv') {
    const text = names.map((n) => ({ label: n.label, text: textOf(n.id) }));
    return new Response(`\ufeff${reportCsv(text, figures, rows, totals)}`, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': attachment(filename) },
    });
  }
  const table: Sheet = {
    name: `${{ clients: 'Client', projects: 'Project', people: 'People' }[report.tab]} report`,
    columns: [...names.map((n) => ({ header: n.label, kind: 'text' as const })), ...figures.map((f) => ({ header: f.label, kind: f.kind }))],
    rows: rows.map((r) => [...names.map((n) => textOf(n.id)(r)), ...figures.map((f) => r[f.key] ?? 0)]),
    totals: totalsRow(names.length, figures, totals),
  };
  const filters: Sheet = {
    name: 'Filters',
    columns: [
      { header: 'Filter', kind: 'text', width: 16 },
      { header: 'Value', kind: 'text', width: 48 },
    ],
    rows: await filterLines(scope, report.tab, query, filter, visibility, now),
  };
  return xlsxResponse(filename, [table, filters], (e) =>
    c.get('deps').logger.error('report export failed', { error: e instanceof Error ? e.message : String(e) }),
  );
}

/** `GET /dashboards/{clients|projects|users}/export?format=csv|xlsx|pdf`: the report as a file. */
export function registerReportExports(app: Hono<AppEnv>) {
  for (const report of reports) register(app, report.route, (c, { query }, caller) => answerExport(c, report, query, caller));
}
