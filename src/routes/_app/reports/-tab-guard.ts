import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { tabsFor, type ReportTab } from '../../../features/reports/access.ts';
import type { ReportSearch } from '../../../features/reports/search.ts';

/** A member sent to a tab they may not open lands on People (their own time), filters kept. */
export async function guardTab(context: { queryClient: QueryClient; api: ApiClient }, tab: ReportTab, search: ReportSearch) {
  const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
  const tabs = tabsFor(me.role);
  if (tabs.length > 0 && !tabs.includes(tab)) throw redirect({ to: '/reports/people', search, replace: true });
}
