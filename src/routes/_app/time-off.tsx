import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { allocationsQueryOptions, timeOffQueryOptions, typesQueryOptions } from '../../features/time-off/api.ts';
import { TimeOffPage } from '../../features/time-off/time-off-page.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ScreenSkeleton } from '../../ui/skeleton.tsx';

export interface TimeOffSearch {
  /** `YYYY-MM` of the team calendar. */
  month?: string | undefined;
}

export const Route = createFileRoute('/_app/time-off')({
  // The skeleton ships with the route: the router draws it while the screen's code downloads, so it cannot wait for a chunk.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: (raw: Record<string, unknown>): TimeOffSearch => ({
    month: typeof raw.month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(raw.month) ? raw.month : undefined,
  }),
  loader: async ({ context }) => {
    // The types are asked for with the user; the rest as soon as the user is known.
    const types = context.queryClient.ensureQueryData(typesQueryOptions(context.api));
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    void context.queryClient.prefetchQuery(allocationsQueryOptions(context.api, me.id));
    await Promise.all([types, context.queryClient.ensureQueryData(timeOffQueryOptions(context.api, { user: me.id }))]);
  },
  pendingComponent: ScreenSkeleton,
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
