import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { timeOffQueryOptions, typesQueryOptions } from '../../features/time-off/api.ts';
import { TimeOffPage } from '../../features/time-off/time-off-page.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';

export interface TimeOffSearch {
  /** `YYYY-MM` of the team calendar. */
  month?: string | undefined;
}

export const Route = createFileRoute('/_app/time-off')({
  validateSearch: (raw: Record<string, unknown>): TimeOffSearch => ({
    month: typeof raw.month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(raw.month) ? raw.month : undefined,
  }),
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    await Promise.all([
      context.queryClient.ensureQueryData(typesQueryOptions(context.api)),
      context.queryClient.ensureQueryData(timeOffQueryOptions(context.api, { user: me.id })),
    ]);
  },
  pendingComponent: () => (
    <div className="stack-md" aria-busy="true" aria-label="Loading time off">
      <Skeleton height="2.5rem" width="40%" />
      <Skeleton height="12rem" />
    </div>
  ),
  component: TimeOffRoute,
});

function TimeOffRoute() {
  const api = useApi();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const today = dateAtOffset(new Date(), me.timezone ?? 0);
  return (
    <>
      <PageTitle>Time off</PageTitle>
      <TimeOffPage
        me={{ id: me.id, role: me.role }}
        today={today}
        month={search.month ?? today.slice(0, 7)}
        onMonth={(month) => void navigate({ search: { month }, replace: true })}
      />
    </>
  );
}
