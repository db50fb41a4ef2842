import { createFileRoute, notFound } from '@tanstack/react-router';
import { TabFrame } from '../../../../features/project-tasks/tab-frame.tsx';
import { ScreenSkeleton } from '../../../../ui/skeleton.tsx';
import { loadFieldsTab, projectIdParam } from '../../../../features/project-tasks/load.ts';
import { FieldsPage } from '../../../../features/project-tasks/fields-page.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/fields')({
  // The skeleton ships with the route: the router draws it while the tab's code downloads, so it cannot wait for a chunk.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context, params }) => {
    const id = projectIdParam(params.projectId);
    if (id === null) throw notFound();
    await loadFieldsTab(context.queryClient, context.api, id);
  },
  pendingComponent: ScreenSkeleton,
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
