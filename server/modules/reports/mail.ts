import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DashboardExportQuery } from '../../../contract/dashboards.ts';
import { reportFileName } from '../../../contract/report-columns.ts';
import { reportTabsFor } from '../../../contract/report-tabs.ts';
import { periodRange, type SavedReportFilters } from '../../../contract/saved-reports.ts';
import { savedReports, teams, users } from '../../db/schema/index.ts';
import { Scope } from '../../db/scope.ts';
import type { Deps } from '../../http/env.ts';
import { reportPdf } from '../dashboards/export.ts';
import { notifierFor, notifyEachOnce, takenKeys, type NotificationInput } from '../notifications/emit.ts';
import { rangeLabel } from '../notifications/labels.ts';
import { localNow } from '../reminders/due.ts';
import { scheduleOf } from '../reminders/routes.ts';

type ReportRow = typeof savedReports.$inferSelect;
type Person = typeof users.$inferSelect;

/** The day of the week of `date`, 0 = Sunday (as the team's `weekStart`). */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Whether a report sent `every` week or month goes out on `date`: the team's first weekday, or the 1st. */
export const sendsOn = (every: 'week' | 'month', date: string, weekStart: number) =>
  every === 'month' ? date.endsWith('-01') : weekday(date) === weekStart;

/** The live report in the web app for the filters and range. */
export function reportLink(tab: ReportRow['tab'], filters: SavedReportFilters): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined) q.set(k, String(v));
  const qs = q.toString();
  return `/reports/${tab}${qs ? `?${qs}` : ''}`;
}

/**
 * Sends the saved reports due at `now` by email: a report sent each week goes out on the team's first weekday,
 * each month on the 1st, from the team's digest time in each recipient's own time zone. Each recipient gets a
 * PDF of the report as they may see it (a member only their own time, a supervisor no costs), over the report's
 * range as of their day, and a link to the live report; a notification in the app links to it too. Once per
 * report, recipient and day (`reminders_sent`), so a second run, or another instance, sends nothing again.
 * Recipients who left the team, may no longer open the tab, or of a report no longer shared, get nothing; nor
 * does a member of a report filtered to someone else. A report that cannot be made is told to `onError` and
 * tried again at the next run. Answers how many were sent.
 */
export async function runReportMails(
  deps: Pick<Deps, 'db' | 'config' | 'secrets' | 'ops'>,
  now: Date,
  onError: (message: string, fields: Record<string, unknown>) => void = () => undefined,
): Promise<number> {
  const notifier = notifierFor(deps);
  const scheduled = await deps.db.select().from(savedReports).where(isNotNull(savedReports.email)).orderBy(asc(savedReports.teamId), asc(savedReports.id));
  const byTeam = new Map<number, ReportRow[]>();
  for (const r of scheduled) byTeam.set(r.teamId, [...(byTeam.get(r.teamId) ?? []), r]);
  let sent = 0;
  for (const [teamId, reports] of byTeam) {
    const s = new Scope(deps.db, teamId);
    const [team] = await deps.db.select().from(teams).where(eq(teams.id, teamId));
    if (!team) continue;
    const at = scheduleOf(team.reminders).digestAt;
    const ids = [...new Set(reports.flatMap((r) => r.email?.to ?? []))];
    const people = new Map(
      (await s.db.select().from(users).where(s.where(users, inArray(users.id, ids), eq(users.status, 'active')))).map((u) => [u.id, u]),
    );
    const due: { report: ReportRow; person: Person; date: string; period: string }[] = [];
    for (const report of reports) {
      for (const id of report.email?.to ?? []) {
        const person = people.get(id);
        if (!person || !reportTabsFor(person.role).includes(report.tab)) continue;
        if (id !== report.ownerId && !report.shared) continue;
        // A member sees only their own time: a report of someone else's is not theirs to get.
        if (person.role === 'member' && report.filters.person !== undefined && report.filters.person !== id) continue;
        const { date, time } = localNow(now, person.timezone);
        if (time < at || !sendsOn(report.email!.every, date, team.weekStart)) continue;
        due.push({ report, person, date, period: `report ${report.id} ${date}` });
      }
    }
    if (due.length === 0) continue;
    const taken = await takenKeys(s, 'report.scheduled', [...new Set(due.map((d) => d.period))]);
    for (const { report, person, date, period } of due) {
      if (taken.has(`${person.id} ${period}`)) continue;
      const range = periodRange(report.period, date, team.weekStart) ?? { from: report.filters.from, to: report.filters.to };
      const filters: SavedReportFilters = { ...report.filters, from: range.from, to: range.to };
      try {
        const caller = { user: person, team, credential: { kind: 'token' as const, key: `report-email:${report.id}` } };
        const query: DashboardExportQuery = {
          'date.gte': filters.from,
          'date.lte': filters.to,
          clientId: filters.client,
          projectId: filters.project,
          memberId: filters.person,
          format: 'pdf',
          paper: 'a4',
        };
        const { pdf, headline } = await reportPdf(s, report.tab, query, caller, now);
        const when = range.from && range.to ? rangeLabel(range.from, range.to) : 'all time';
        const input: NotificationInput = {
          kind: 'report.scheduled',
          to: [person.id],
          subject: { type: 'report', id: report.id, tab: report.tab, filters },
          link: reportLink(report.tab, filters),
          payload: {
            title: `${report.name}: your ${report.email!.every === 'week' ? 'weekly' : 'monthly'} report for ${when}`,
            comment: '',
            actor: null,
            lines: [...headline.map(([label, value]) => `${label}: ${value}`), 'The report is attached as a PDF.'],
          },
          attachments: [{ filename: reportFileName(report.tab, range.from, range.to, 'pdf'), contentType: 'application/pdf', content: pdf.toString('base64') }],
        };
        sent += (await s.tx((tx) => notifyEachOnce(tx, notifier, [{ input, period }]))).length;
      } catch (e) {
        onError('saved report email failed', { reportId: report.id, userId: person.id, error: e instanceof Error ? e.message : String(e) });
      }
    }
  }
  return sent;
}
