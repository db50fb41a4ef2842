import { createFileRoute, notFound } from '@tanstack/react-router';
import { TabFrame, TabSkeleton, projectIdParam } from '../../../../features/project-tasks/tab-frame.tsx';
import { FieldsPage, loadFieldsTab } from '../../../../features/project-tasks/fields-page.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/fields')({
  loader: async ({ context, params }) => {
    const id = projectIdParam(params.projectId);
    if (id === null) throw notFound();
    await loadFieldsTab(context.queryClient, context.api, id);
  },
  pendingComponent: () => <TabSkeleton label="the custom fields" />,
  component: FieldsRoute,
});

function FieldsRoute() {
  const projectId = projectIdParam(Route.useParams().projectId)!;
  return (
    <TabFrame projectId={projectId} tab="Custom fields">
      <FieldsPage projectId={projectId} />
    </TabFrame>
  );
}
