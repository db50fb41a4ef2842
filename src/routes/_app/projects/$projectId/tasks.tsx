import { createFileRoute, notFound } from '@tanstack/react-router';
import { TabFrame } from '../../../../features/project-tasks/tab-frame.tsx';
import { ScreenSkeleton } from '../../../../ui/skeleton.tsx';
import { loadTasksTab, projectIdParam } from '../../../../features/project-tasks/load.ts';
import { TasksPage } from '../../../../features/project-tasks/tasks-page.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/tasks')({
  // The skeleton ships with the route: the router draws it while the tab's code downloads, so it cannot wait for a chunk.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context, params }) => {
    const id = projectIdParam(params.projectId);
    if (id === null) throw notFound();
    await loadTasksTab(context.queryClient, context.api, id);
  },
  pendingComponent: ScreenSkeleton,
  component: TasksRoute,
});

function TasksRoute() {
  const projectId = projectIdParam(Route.useParams().projectId)!;
  return (
    <TabFrame projectId={projectId} tab="Tasks">
      <TasksPage projectId={projectId} />
    </TabFrame>
  );
}
