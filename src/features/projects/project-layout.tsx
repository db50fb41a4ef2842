import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useMatchRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Role } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { Button } from '../../ui/button.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from '../budgets/screens.module.css';
import { clientQueryOptions } from '../clients/api.ts';
import { access, canManageProject } from './access.ts';
import { projectQueryOptions, useUpdateProject, type Project } from './api.ts';
import tabStyles from './project-layout.module.css';

interface Tab {
  label: string;
  /**
   * A child route of the project. Tasks and Custom fields live in their own feature and may not exist in every
   * build: every tab is typed as one that surely does (they all take the same `projectId`).
   */
  to: '/projects/$projectId/budget';
  roles?: readonly Role[];
}

const tabs: readonly Tab[] = [
  { label: 'Tasks', to: '/projects/$projectId/tasks' as '/projects/$projectId/budget' },
  { label: 'Billing and rates', to: '/projects/$projectId/billing' as '/projects/$projectId/budget', roles: ['admin'] },
  { label: 'Budget', to: '/projects/$projectId/budget' },
  { label: 'Custom fields', to: '/projects/$projectId/fields' as '/projects/$projectId/budget' },
  { label: 'Team', to: '/projects/$projectId/team' as '/projects/$projectId/budget' },
];

/** The tabs a role sees on a project. */
export const projectTabs = (role: Role) => tabs.filter((t) => !t.roles || t.roles.includes(role));

/** A project's page around its tab: name, client, status, archive, and the tabs as links. */
export function ProjectLayout({ projectId, role, children }: { projectId: string; role: Role; children: ReactNode }) {
  const api = useApi();
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  const can = access(role);
  const client = useQuery({
    ...clientQueryOptions(api, project.client ?? 0),
    enabled: project.client !== null && role !== 'member_limited',
  });
  const manage = canManageProject(role, project);
  // Matched on the route's parameters, not the address's spelling: `ev:4` and `ev%3A4` are the same project.
  const matchRoute = useMatchRoute();
  return (
    <div className="page">
      <PageTitle>{project.name}</PageTitle>
      <nav aria-label="Breadcrumb" className={styles.muted}>
        <Link to="/projects">Projects</Link>
      </nav>
      <header className={styles.header}>
        <div>
          <h1 className="page__title">
            {project.name} {project.status === 'archived' && <span className={styles.badge}>Archived</span>}{' '}
            {project.privacy && <span className={styles.badge}>Private</span>}
          </h1>
          <p className="page__subtitle">
            {project.client === null ? (
              'No client'
            ) : client.data ? (
              can.readClients ? (
                <>
                  Client:{' '}
                  <Link to="/clients/$clientId" params={{ clientId: String(client.data.id) }}>
                    {client.data.name}
                  </Link>
                </>
              ) : (
                `Client: ${client.data.name}`
              )
            ) : (
              'Client'
            )}
          </p>
        </div>
        {manage && <ArchiveButton project={project} />}
      </header>
      {!manage && (
        <p className={styles.muted}>
          {role === 'supervisor'
            ? 'This project is protected from changes: only admins change it.'
            : 'You can read this project; admins and supervisors change it.'}
        </p>
      )}
      <nav aria-label="Project" className={tabStyles.tabs}>
        {projectTabs(role).map((t) => {
          const current = !!matchRoute({ to: t.to, params: { projectId }, fuzzy: true });
          return (
            <Link
              key={t.to}
              to={t.to}
              params={{ projectId }}
              className={current ? `${tabStyles.tab} ${tabStyles.active}` : tabStyles.tab}
              aria-current={current ? 'page' : undefined}
            >
              {t.label}
            </Link>
          );
        })}
      </nav>
      {children}
    </div>
  );
}

function ArchiveButton({ project }: { project: Project }) {
  const update = useUpdateProject(project.id);
  const archived = project.status === 'archived';
  const set = async (status: Project['status']) => {
    await update.mutateAsync({ status });
    toast(
      status === 'archived' ? `${project.name} is archived: no new time can be logged on it.` : `${project.name} is open again.`,
      'success',
      {
        undo: () => void update.mutateAsync({ status: status === 'archived' ? 'open' : 'archived' }),
      },
    );
  };
  return (
    <Button onClick={() => void set(archived ? 'open' : 'archived')} busy={update.isPending}>
      {archived ? 'Restore' : 'Archive'}
    </Button>
  );
}
