import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { dateAtOffset } from '../../../../contract/weeks.ts';
import { useApi } from '../../../api/context.ts';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { inboxQueryOptions, teamUsersQueryOptions } from '../../../features/approvals/api.ts';
import { ApprovalsTabs } from '../../../features/approvals/approvals-tabs.tsx';
import { InboxPage } from '../../../features/approvals/inbox-page.tsx';
import { neighbour, nextAfterDecision } from '../../../features/approvals/inbox-order.ts';
import { ManagersOnly } from '../../../features/approvals/managers-only.tsx';
import { parseInboxSearch, type InboxSearch } from '../../../features/approvals/search-params.ts';
import { WeekReviewPage } from '../../../features/approvals/week-review-page.tsx';
import { weekOfDate } from '../../../lib/week.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

export const Route = createFileRoute('/_app/approvals/')({
  validateSearch: (raw: Record<string, unknown>): InboxSearch => parseInboxSearch(raw),
  loaderDeps: ({ search }) => ({ status: search.status, week: search.week, person: search.person }),
  // The inbox and the people are asked for while the page's code downloads (the loader is a chunk of its own).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(inboxQueryOptions(context.api, deps));
    void context.queryClient.prefetchQuery(teamUsersQueryOptions(context.api));
    return context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
  },
  component: ApprovalsRoute,
});

function ApprovalsRoute() {
  const api = useApi();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const manager = me.role === 'admin' || me.role === 'supervisor';
  const filters: InboxSearch = { status: search.status, week: search.week, person: search.person };
  const inbox = useQuery({ ...inboxQueryOptions(api, filters), enabled: manager });
  if (!manager) return <ManagersOnly what="Approvals" />;
  // Approvals follow the team's weeks.
  const weekStart = me.team?.weekStart ?? 1;
  const go = (next: InboxSearch) => void navigate({ search: next });
  const items = inbox.data ?? [];
  const canDecide = (i: { user: { id: number } }) => me.role === 'admin' || i.user.id !== me.id;

  if (search.open === undefined) {
    return (
      <>
        <PageTitle>Approvals</PageTitle>
        <ApprovalsTabs />
        <InboxPage
          search={filters}
          onSearchChange={go}
          onOpen={(i) => go({ ...filters, open: i.id })}
          weekStart={weekStart}
          thisWeek={weekOfDate(dateAtOffset(new Date(), me.timezone ?? 0), weekStart)}
          canDecide={canDecide}
        />
      </>
    );
  }
  const at = items.findIndex((i) => i.id === search.open);
  const previous = at > 0 ? neighbour(items, search.open, -1) : undefined;
  const next = at >= 0 ? neighbour(items, search.open, 1) : undefined;
  const openId = search.open;
  return (
    <>
      <PageTitle>Review a week</PageTitle>
      <WeekReviewPage
        key={openId}
        timesheetId={openId}
        weekStart={weekStart}
        viewer={{ id: me.id, role: me.role }}
        entry={items[at]}
        position={at >= 0 ? { index: at, count: items.length } : undefined}
        onBack={() => go(filters)}
        onPrevious={previous ? () => go({ ...filters, open: previous.id }) : undefined}
        onNext={next ? () => go({ ...filters, open: next.id }) : undefined}
        onDecided={() => {
          const after = nextAfterDecision(items, openId);
          go(after ? { ...filters, open: after.id } : filters);
        }}
      />
    </>
  );
}
