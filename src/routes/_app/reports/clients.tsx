import { createFileRoute } from '@tanstack/react-router';
import { guardTab } from './-tab-guard.ts';
import { loadTab } from './-tab-load.ts';
import { ReportTabRoute } from './-tab-route.tsx';

export const Route = createFileRoute('/_app/reports/clients')({
  // The loader in a chunk of its own: the figures are asked for while the screen's code downloads.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
  beforeLoad: ({ context, search }) => guardTab(context, 'clients', search),
  // The sort is the table's own: changing it does not fetch again.
  loaderDeps: ({ search: { sort: _sort, ...filters } }) => filters,
  loader: ({ context, deps }) => loadTab(context, 'clients', deps),
  component: () => <ReportTabRoute tab="clients" />,
});
