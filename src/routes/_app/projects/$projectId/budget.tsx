import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../../auth/current-user.ts';
import { BudgetTab } from '../../../../features/projects/budget-tab.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/budget')({
  component: BudgetRoute,
});

function BudgetRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  return <BudgetTab projectId={Route.useParams().projectId} role={me.role} />;
}
