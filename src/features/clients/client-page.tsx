import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { useApi } from '../../api/context.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { BudgetBar } from '../budgets/budget-bar.tsx';
import styles from '../budgets/screens.module.css';
import { projectListQueryOptions } from '../projects/api.ts';
import { clientQueryOptions, useClientBudget, useDeleteClient, useUpdateClient, type Client } from './api.ts';

const ClientFormDialog = lazy(() => import('./client-form.tsx'));
const BudgetEditor = lazy(() => import('../budgets/budget-editor.tsx'));

export interface ClientPageProps {
  clientId: number;
  canManage: boolean;
  showMoney: boolean;
  onDeleted: () => void;
}

/** A client: details, its projects with their budgets, its own budget and (admins) the budget editor. */
export function ClientPage({ clientId, canManage, showMoney, onDeleted }: ClientPageProps) {
  const api = useApi();
  const { data: client } = useSuspenseQuery(clientQueryOptions(api, clientId));
  const projects = useQuery(projectListQueryOptions(api));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateClient(clientId);
  const remove = useDeleteClient(clientId);
  const budget = useClientBudget(clientId);
  const own = (projects.data ?? []).filter((p) => p.client === clientId);
  const archived = client.status === 'archived';
  // The budget editor's code (a form) starts once the client is on the screen.
  const editorNow = useAfterPaint();
  const editorLoading = <p className={styles.muted}>Loading the editor…</p>;

  const setStatus = async (status: Client['status']) => {
    await update.mutateAsync({ status });
    toast(status === 'archived' ? `${client.name} is archived.` : `${client.name} is active again.`, 'success', {
      undo: () => void update.mutateAsync({ status: status === 'archived' ? 'active' : 'archived' }),
    });
  };

  return (
    <div className="page">
      <nav aria-label="Breadcrumb" className={styles.muted}>
        <Link to="/clients">Clients</Link>
      </nav>
      <header className={styles.header}>
        <h1 className="page__title">
          {client.name} {archived && <span className={styles.badge}>Archived</span>}
        </h1>
        {canManage && (
          <div className={styles.actions}>
            <Button onClick={() => setEditing(true)}>Edit</Button>
            <Button onClick={() => void setStatus(archived ? 'active' : 'archived')} busy={update.isPending}>
              {archived ? 'Restore' : 'Archive'}
            </Button>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </div>
        )}
      </header>

      <section className={styles.card} aria-labelledby="client-details">
        <h2 id="client-details">Details</h2>
        {client.businessDetails ? (
          <p className={styles.details}>{client.businessDetails}</p>
        ) : (
          <p className={styles.muted}>No business details.</p>
        )}
      </section>

      <section className={styles.card} aria-labelledby="client-projects">
        <h2 id="client-projects">Projects ({own.length})</h2>
        {projects.status === 'pending' ? (
          <p className={styles.muted}>Loading projects…</p>
        ) : own.length === 0 ? (
          <p className={styles.muted}>No projects yet. Create a project and choose this client for it on the Projects screen.</p>
        ) : (
          <ul className={styles.projectList}>
            {own.map((p) => (
              <li key={p.id}>
                <Link to="/projects/$projectId/budget" params={{ projectId: p.id }}>
                  {p.name}
                </Link>
                <BudgetBar budget={p.budget} showMoney={showMoney} compact />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.card} aria-labelledby="client-budget">
        <h2 id="client-budget">Budget</h2>
        <BudgetBar budget={client.budget} showMoney={showMoney} />
        <p className={styles.muted}>A client’s budget counts the time and expenses of all of its projects.</p>
        {canManage && (
          <Suspense fallback={editorLoading}>
            {editorNow ? (
              <BudgetEditor
                key={JSON.stringify(client.budget ?? null)}
                budget={client.budget}
                ownerName={client.name}
                forProject={false}
                save={budget.save}
                remove={budget.remove}
              />
            ) : (
              editorLoading
            )}
          </Suspense>
        )}
      </section>

      {editing && (
        <Suspense fallback={null}>
          <ClientFormDialog client={client} onClose={() => setEditing(false)} onDone={() => setEditing(false)} />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${client.name}?`}
          message={`This removes the client, its business details and its budget for good. ${
            own.length ? `Its ${own.length} project${own.length === 1 ? '' : 's'} and their time stay, without a client.` : ''
          } A client with invoices cannot be deleted: archive it instead.`}
          confirmLabel="Delete client"
          onConfirm={async () => {
            try {
              await remove.mutateAsync();
              toast(`${client.name} is deleted.`, 'success');
              onDeleted();
            } catch (e) {
              toast(e instanceof Error ? e.message : 'The client was not deleted.', 'error');
            } finally {
              setDeleting(false);
            }
          }}
          onCancel={() => setDeleting(false)}
        />
      )}
    </div>
  );
}
