import { createFileRoute, notFound } from '@tanstack/react-router';
import { TabFrame, TabSkeleton, projectIdParam } from '../../../../features/project-tasks/tab-frame.tsx';
import { TasksPage, loadTasksTab } from '../../../../features/project-tasks/tasks-page.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/tasks')({
  loader: async ({ context, params }) => {
    const id = projectIdParam(params.projectId);
    if (id === null) throw notFound();
    await loadTasksTab(context.queryClient, context.api, id);
  },
  pendingComponent: () => <TabSkeleton label="the tasks" />,
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
