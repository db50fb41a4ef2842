import { createFileRoute } from '@tanstack/react-router';
import { ReportTabSkeleton } from '../../../features/reports/report-skeleton.tsx';
import { guardTab } from './-tab-guard.ts';
import { loadTab } from './-tab-load.ts';
import { ReportTabRoute } from './-tab-route.tsx';

export const Route = createFileRoute('/_app/reports/people')({
  // The loader in a chunk of its own: the figures are asked for while the charts' code (recharts) downloads.
  codeSplitGroupings: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  beforeLoad: ({ context, search }) => guardTab(context, 'people', search),
  // The sort is the table's own: changing it does not fetch again.
  loaderDeps: ({ search: { sort: _sort, ...filters } }) => filters,
  loader: ({ context, deps }) => loadTab(context, 'people', deps),
  // The screen around the tab draws while its figures load; the figures replace the skeleton as soon as they come.
  pendingComponent: ReportTabSkeleton,
  pendingMinMs: 0,
  component: () => <ReportTabRoute tab="people" />,
});
