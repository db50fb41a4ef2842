import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { tabPaths, tabsFor } from '../../../features/reports/access.ts';

/** `/reports` opens the role's first tab (Clients; members: People, their own time), keeping the filters. */
export const Route = createFileRoute('/_app/reports/')({
  beforeLoad: async ({ context, search }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    const first = tabsFor(me.role)[0];
    if (!first) return;
    throw redirect({ to: tabPaths[first], search, replace: true });
  },
});
