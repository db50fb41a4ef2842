import { useId, useState, type ReactNode } from 'react';
import type { DashboardTrendPoint } from '../../../contract/dashboards.ts';
import type { Role } from '../../../contract/users.ts';
import { saveBlob } from '../../api/download.ts';
import { describeError } from '../../api/errors.ts';
import { useSession } from '../../auth/context.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import { sortRows } from '../../ui/table/sort.ts';
import { searchFromSort, sortFromSearch } from '../../ui/table/search.ts';
import { fetchReportPdf, fetchReportWorkbook, fetchTimeWorkbook } from './api.ts';
import { intervalFor, moneyBars, rowBars, trendBars, type TimeBar } from './chart-data.ts';
import { moneySummary, rowsSummary, trendSummary } from './chart-summary.ts';
import { canSee, figureColumns, reportFileName, roundingChanges, totalsOf, type ReportTab } from '../../../contract/report-columns.ts';
import { reportCsv } from '../../../contract/report-csv.ts';
import { downloadText } from './download.ts';
import { headlineOf } from './figures.ts';
import { HeadlineFigures } from './headline.tsx';
import { MoneyChart } from './money-chart.tsx';
import { reportColumns, ReportTable, type NameColumn, type ReportRow } from './report-table.tsx';
import styles from './reports.module.css';
import { reportSort, type ReportSearch } from './search.ts';
import { TimeChart } from './time-chart.tsx';

const nouns: Record<ReportTab, { one: string; many: string }> = {
  clients: { one: 'Client', many: 'clients' },
  projects: { one: 'Project', many: 'projects' },
  people: { one: 'Person', many: 'people' },
};

export interface ReportViewProps {
  tab: ReportTab;
  role: Role;
  search: ReportSearch;
  rows: readonly ReportRow[];
  names: readonly NameColumn[];
  trend: readonly DashboardTrendPoint[];
  weekStart: number;
  onSearch: (next: Partial<ReportSearch>) => void;
  /** Drill down from a row (and its bar): where to, in words for the bar's name. */
  drill?: { open: (row: ReportRow) => void; hint: string } | undefined;
  /** Fetches the detailed time of the range as CSV text. */
  detailedCsv: () => Promise<string>;
  empty: ReactNode;
}

/** One report tab: headline figures, the charts, the table with totals, and the exports. */
export function ReportView({ tab, role, search, rows, names, trend, weekStart, onSearch, drill, detailedCsv, empty }: ReportViewProps) {
  const session = useSession();
  const downloadsId = useId();
  /** The download under way, if any. */
  const [exporting, setExporting] = useState<'table' | 'pdf' | 'detailed' | 'detailed-xlsx' | null>(null);
  const noun = nouns[tab];
  const figures = figureColumns(tab, role, roundingChanges(rows));
  const totals = totalsOf(rows, figures);
  const sort = sortFromSearch(reportSort(search.sort));
  const withMoney = canSee(role, 'money');
  const withCosts = canSee(role, 'costs');
  const bars = rowBars(
    rows,
    (r) => r.key,
    (r) => r.name,
  );
  const money = moneyBars(
    rows,
    (r) => r.key,
    (r) => r.name,
  );
  const interval = search.from && search.to ? intervalFor(search.from, search.to) : 'week';
  const trendData = search.from && search.to ? trendBars(trend, { from: search.from, to: search.to }, interval, weekStart) : [];
  const byKey = new Map(rows.map((r) => [r.key, r]));

  const exportTable = () => {
    const shown = sortRows(rows, reportColumns(names, figures), sort);
    downloadText(
      reportFileName(tab, search.from, search.to, 'csv'),
      reportCsv(
        names.map((n) => ({ label: n.label, text: n.text })),
        figures,
        shown,
        totals,
      ),
    );
  };
  /** Downloads a file the API makes (CSV text or a workbook), saying so when it fails. */
  const download = async (what: NonNullable<typeof exporting>, filename: string, file: () => Promise<string | Blob>) => {
    setExporting(what);
    try {
      const got = await file();
      if (typeof got === 'string') downloadText(filename, got);
      else saveBlob(got, filename);
    } catch (e) {
      toast(`${filename} could not be downloaded: ${describeError(e)}`, 'error');
    } finally {
      setExporting(null);
    }
  };
  const opts = { baseUrl: session.baseUrl, credential: session.credential };

  return (
    <div className={styles.view}>
      <HeadlineFigures figures={headlineOf(rows, role)} />
      <div className={styles.charts}>
        <TimeChart
          title={`Time by ${noun.one.toLowerCase()}`}
          summary={rowsSummary(bars, noun.many)}
          bars={bars}
          layout="rows"
          onOpen={drill ? (b: TimeBar) => byKey.get(b.key) && drill.open(byKey.get(b.key)!) : undefined}
          openHint={drill?.hint}
        />
        {withMoney && (
          <MoneyChart
            title={withCosts ? 'Billable amount, costs and profit' : 'Billable amount'}
            summary={moneySummary(money, withCosts)}
            bars={money}
            withCosts={withCosts}
          />
        )}
        <div className={styles.wide}>
          <TimeChart
            title={interval === 'day' ? 'Time per day' : 'Time per week'}
            summary={trendSummary(trendData, interval)}
            bars={trendData}
            layout="trend"
          />
        </div>
      </div>
      <div className={styles.exports}>
        <div role="group" aria-labelledby={downloadsId} className={styles.exports}>
          <span id={downloadsId} className={styles.exportsLabel}>
            Download
          </span>
          <Button onClick={exportTable} disabled={rows.length === 0}>
            Table (CSV)
          </Button>
          <Button
            onClick={() =>
              void download('table', reportFileName(tab, search.from, search.to, 'xlsx'), () => fetchReportWorkbook(tab, search, opts))
            }
            disabled={rows.length === 0}
            busy={exporting === 'table'}
          >
            Table (Excel)
          </Button>
          <Button
            onClick={() => void download('pdf', reportFileName(tab, search.from, search.to, 'pdf'), () => fetchReportPdf(tab, search, opts))}
            busy={exporting === 'pdf'}
          >
            Report (PDF)
          </Button>
          <Button
            variant="ghost"
            onClick={() => void download('detailed', reportFileName('time', search.from, search.to, 'csv'), detailedCsv)}
            busy={exporting === 'detailed'}
          >
            Detailed time (CSV)
          </Button>
          <Button
            variant="ghost"
            onClick={() =>
              void download('detailed-xlsx', reportFileName('time', search.from, search.to, 'xlsx'), () => fetchTimeWorkbook(search, opts))
            }
            busy={exporting === 'detailed-xlsx'}
          >
            Detailed time (Excel)
          </Button>
        </div>
        <Button variant="ghost" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <ReportTable
        label={`${noun.one} report`}
        names={names}
        figures={figures}
        rows={rows}
        totals={totals}
        sort={sort}
        onSortChange={(s) => onSearch(searchFromSort(s))}
        onOpen={drill?.open}
        empty={empty}
      />
    </div>
  );
}
