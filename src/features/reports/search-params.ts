import { parseTableSearch, type TableSearch } from '../../ui/table/search-params.ts';
import { dayRangeParam } from '../../lib/day-range-param.ts';
import { positiveId } from '../../lib/positive-id.ts';

/** A report's filters as they stand in the URL: `?from=2026-05-01&to=2026-05-31&client=4&project=ev:12&person=7&sort=-time`. */
export interface ReportSearch extends TableSearch {
  from?: string | undefined;
  to?: string | undefined;
  client?: number | undefined;
  project?: string | undefined;
  person?: number | undefined;
}

/**
 * Reads a report's filters from raw search params, dropping what is not valid (so an edited or old link
 * still opens): dates as `YYYY-MM-DD` in order, numeric client and person ids, a project id `ev:<digits>`,
 * and a sort on one of `sortable`. Without `sortable` (the route's check, which ships with the first screen)
 * any column name will do: the report's table, which loads with it, sorts only by its own (`reportSort`).
 */
export function parseReportSearch(raw: Record<string, unknown>, sortable?: readonly string[]): ReportSearch {
  const out: ReportSearch = {
    sort: sortable
      ? parseTableSearch(raw, sortable).sort
      : typeof raw.sort === 'string' && /^-?[a-zA-Z]{1,40}$/.test(raw.sort)
        ? raw.sort
        : undefined,
    ...dayRangeParam(raw),
  };
  out.client = positiveId(raw.client);
  out.person = positiveId(raw.person);
  if (typeof raw.project === 'string' && /^ev:\d{1,15}$/.test(raw.project)) out.project = raw.project;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ReportSearch;
}

/** The calendar month holding `today` (`YYYY-MM-DD`): the range a report opens on. */
export function monthOf(today: string): { from: string; to: string } {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}
