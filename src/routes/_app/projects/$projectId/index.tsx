import { createFileRoute, redirect } from '@tanstack/react-router';

/** A project opens on its Tasks tab (a route of the tasks feature: typed as a sibling that takes the same params). */
export const Route = createFileRoute('/_app/projects/$projectId/')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/projects/$projectId/tasks' as '/projects/$projectId/budget',
      params: { projectId: params.projectId },
      replace: true,
    });
  },
});
