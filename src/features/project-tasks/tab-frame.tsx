import { useSuspenseQuery } from '@tanstack/react-query';
import { useMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useApi } from '../../api/context.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { projectQueryOptions } from './api.ts';

/** The project page's layout route, which names the project (its `<h1>`) above the tabs. */
const LAYOUT_ROUTE = '/_app/projects/$projectId';

/**
 * Frames a tab of the project page: the document title, and the project's name as the page heading
 * when the tab is shown without the project page's layout (which otherwise gives it).
 */
export function TabFrame({ projectId, tab, children }: { projectId: string; tab: string; children: ReactNode }) {
  const api = useApi();
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  const inLayout = useMatches({ select: (matches) => matches.some((m) => (m.routeId as string) === LAYOUT_ROUTE) });
  return (
    <div className={inLayout ? undefined : 'page'}>
      <PageTitle>{`${tab} \u00b7 ${project.name}`}</PageTitle>
      {!inLayout && <h1 className="page__title">{project.name}</h1>}
      {children}
    </div>
  );
}
