import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';

/** `/reports` opens the Projects tab (members: People, their own time), keeping the filters. */
export const Route = createFileRoute('/_app/reports/')({
  beforeLoad: async ({ context, search }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (me.role === 'member_limited') return;
    throw redirect({ to: me.role === 'member' ? '/reports/people' : '/reports/projects', search, replace: true });
  },
});
