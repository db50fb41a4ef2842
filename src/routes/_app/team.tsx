import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { ManagersOnly } from '../../features/approvals/managers-only.tsx';
import { teamQueryOptions } from '../../features/team/api.ts';
import { parseTeamSearch, type TeamSearch } from '../../features/team/search-params.ts';
import { TeamPage } from '../../features/team/team-page.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/_app/team')({
  validateSearch: (raw: Record<string, unknown>): TeamSearch => parseTeamSearch(raw),
  // The team is asked for while the page's code downloads (the loader is a chunk of its own).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(teamQueryOptions(context.api));
    return context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
  },
  component: TeamRoute,
});

function TeamRoute() {
  const api = useApi();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (me.role !== 'admin' && me.role !== 'supervisor') return <ManagersOnly what="Team" />;
  return (
    <>
      <PageTitle>Team</PageTitle>
      <TeamPage
        viewer={{ id: me.id, role: me.role }}
        today={dateAtOffset(new Date(), me.timezone ?? 0)}
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    </>
  );
}
