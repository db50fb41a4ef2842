import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Role, User } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { roleLabel } from '../../lib/format.ts';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { NotAllowed } from '../../ui/not-allowed.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useNarrow } from '../../ui/use-narrow.ts';
import { teamQueryOptions, useUpdateUser } from './api.ts';
import type { Invited } from './invite-form.tsx';
import { filterPeople, type TeamSearch } from './search.ts';
import { SignInNote } from './sign-in-note.tsx';
import styles from './team.module.css';
import AuditLog from '../audit-log/audit-log-page.tsx';

// The forms bring react-hook-form and the contract's schemas: loaded when a dialog opens.
const InviteForm = lazy(() => import('./invite-form.tsx'));
const EditUserForm = lazy(() => import('./edit-user-form.tsx'));
const TeamRoundingForm = lazy(() => import('./rounding-form.tsx'));
// Admins only: the team's two-factor requirement.
const TeamSecurity = lazy(() => import('./team-security.tsx'));
const TeamSchedule = lazy(() => import('./team-schedule.tsx'));

const statusLabel: Record<User['status'], string> = { active: 'Active', invited: 'Invited', pending: 'Pending', removed: 'Deactivated' };
const money = (cents: number | undefined) => (cents === undefined ? '\u2014' : formatMoney(cents, { currency: 'USD', locale: 'en-US' }));
const hours = (seconds: number | undefined) => (seconds === undefined ? '\u2014' : `${Math.round((seconds / 3600) * 10) / 10} h`);

export interface TeamPageProps {
  viewer: { id: number; role: Role };
  /** The viewer's date: a new rate takes effect from it unless another is chosen. */
  today: string;
  search: TeamSearch;
  onSearchChange: (next: TeamSearch) => void;
}

/** The team: everyone with role, status and capacity (rates for admins); admins invite and edit. */
export function TeamPage({ viewer, today, search, onSearchChange }: TeamPageProps) {
  const api = useApi();
  const team = useQuery(teamQueryOptions(api));
  const admin = viewer.role === 'admin';
  const [rounding, setRounding] = useState(false);
  const [audit, setAudit] = useState(false);
  const [schedule, setSchedule] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<Invited | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const [toggling, setToggling] = useState<User | null>(null);
  const rows = useMemo(() => (team.data ? filterPeople(team.data, search) : undefined), [team.data, search]);
  const narrow = useNarrow();
  const columns = useMemo(() => teamColumns(admin, narrow, setEditing, setToggling), [admin, narrow]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className="page__title">Team</h1>
          <p className="page__subtitle">
            {team.data ? `${team.data.filter((u) => u.status !== 'removed').length} people` : 'Loading the team\u2026'}
          </p>
        </div>
        {admin && (
          <div className={styles.headerActions}>
            <Button onClick={() => setRounding(true)}>Billing rounding</Button>
            <Link className="btn btn--secondary" to="/import">
              Import
            </Link>
            <Button aria-expanded={schedule} onClick={() => setSchedule(!schedule)}>
              Reminders and locks
            </Button>
            <Button aria-expanded={audit} onClick={() => setAudit(!audit)}>
              Audit log
            </Button>
            <Button variant="primary" onClick={() => setInviting(true)}>
              Invite a user
            </Button>
          </div>
        )}
      </header>
      {!admin && <NotAllowed action="invite people or change their roles" because="only admins manage the team" />}
      {admin && (
        <Suspense fallback={null}>
          <TeamSecurity />
        </Suspense>
      )}
      {admin && schedule && (
        <Suspense fallback={<p>Loading the settings{'\u2026'}</p>}>
          <TeamSchedule />
        </Suspense>
      )}
      <div className={styles.filters} role="search" aria-label="Find people">
        <TextField
          label="Search"
          type="search"
          placeholder="Name or email"
          value={search.q ?? ''}
          onChange={(e) => onSearchChange({ ...search, q: e.target.value || undefined })}
        />
        <SelectField
          label="Role"
          value={search.role ?? ''}
          onChange={(e) => onSearchChange({ ...search, role: (e.target.value || undefined) as Role | undefined })}
          options={[
            { value: '', label: 'Every role' },
            ...(['admin', 'supervisor', 'member', 'member_limited'] as const).map((r) => ({ value: r, label: roleLabel(r) })),
          ]}
        />
      </div>
      <DataTable
        label="People"
        columns={columns}
        rows={rows}
        rowKey={(u) => String(u.id)}
        rowLabel={(u) => u.name}
        status={team.status}
        errorMessage={team.error ? describeError(team.error) : undefined}
        onRetry={() => void team.refetch()}
        onOpen={admin ? (u) => setEditing(u) : undefined}
        maxHeight="none"
        empty={
          <>
            <p>Nobody matches these filters.</p>
            <Button size="sm" onClick={() => onSearchChange({})}>
              Clear the filters
            </Button>
          </>
        }
      />
      {admin && audit && <AuditLog />}
      <Dialog open={inviting} title="Invite a user" onClose={() => setInviting(false)}>
        <Suspense fallback={<p>Loading the form{'\u2026'}</p>}>
          {inviting && (
            <InviteForm
              onCancel={() => setInviting(false)}
              onInvited={(who) => {
                setInviting(false);
                setInvited(who);
              }}
            />
          )}
        </Suspense>
      </Dialog>
      <Dialog
        open={invited !== null}
        title={invited ? `${invited.name} is invited` : 'Invited'}
        onClose={() => setInvited(null)}
        footer={<Button onClick={() => setInvited(null)}>Done</Button>}
      >
        {invited && <SignInNote who={invited} />}
      </Dialog>
      <Dialog open={editing !== null} title={editing ? `Edit ${editing.name}` : 'Edit'} onClose={() => setEditing(null)}>
        <Suspense fallback={<p>Loading the form{'\u2026'}</p>}>
          {editing && (
            <EditUserForm key={editing.id} user={editing} today={today} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
          )}
        </Suspense>
      </Dialog>
      <Dialog open={rounding} title="Billing rounding" onClose={() => setRounding(false)}>
        <Suspense fallback={<p>Loading the form{'\u2026'}</p>}>
          {rounding && <TeamRoundingForm onDone={() => setRounding(false)} onCancel={() => setRounding(false)} />}
        </Suspense>
      </Dialog>
      {toggling && <StatusConfirm user={toggling} onClose={() => setToggling(null)} />}
    </div>
  );
}

function StatusConfirm({ user, onClose }: { user: User; onClose: () => void }) {
  const save = useUpdateUser(user.id);
  const active = user.status !== 'removed';
  return (
    <ConfirmDialog
      title={active ? `Deactivate ${user.name}?` : `Reactivate ${user.name}?`}
      message={
        active
          ? `${user.name} will no longer be able to sign in or use their API key. Their time stays in reports.`
          : `${user.name} will be able to sign in again.`
      }
      confirmLabel={active ? 'Deactivate' : 'Reactivate'}
      tone={active ? 'danger' : 'primary'}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await save.mutateAsync({ status: active ? 'removed' : 'active' });
          toast(active ? `${user.name} is deactivated.` : `${user.name} is active again.`, 'success');
        } catch (e) {
          toast(`${user.name} was not changed: ${describeError(e)}`, 'error');
        }
        onClose();
      }}
    />
  );
}

function teamColumns(admin: boolean, narrow: boolean, edit: (u: User) => void, toggle: (u: User) => void): Column<User>[] {
  const cols: Column<User>[] = [
    {
      id: 'name',
      header: 'Name',
      sortValue: (u) => u.name.toLowerCase(),
      cell: (u) => (
        <span className={styles.who}>
          <strong>{u.name}</strong>
          {u.email && <span className={styles.muted}>{u.email}</span>}
          {narrow && (
            <span className={styles.muted}>{`${roleLabel(u.role)} \u00b7 ${statusLabel[u.status]} \u00b7 ${hours(u.capacity)}`}</span>
          )}
          {admin && rowActions(u, edit, toggle)}
        </span>
      ),
    },
    { id: 'role', header: 'Role', sortValue: (u) => u.role, cell: (u) => roleLabel(u.role) },
    {
      id: 'status',
      header: 'Status',
      sortValue: (u) => u.status,
      cell: (u) => <span className={`${styles.status} ${styles[u.status]}`}>{statusLabel[u.status]}</span>,
    },
    { id: 'capacity', header: 'Capacity', align: 'end', sortValue: (u) => u.capacity, cell: (u) => hours(u.capacity) },
  ];
  if (narrow) return [cols[0]!];
  if (!admin) return cols;
  return [
    ...cols,
    { id: 'rate', header: 'Rate', align: 'end', sortValue: (u) => u.rate, cell: (u) => money(u.rate) },
    { id: 'cost', header: 'Cost', align: 'end', sortValue: (u) => u.cost, cell: (u) => money(u.cost) },
  ];
}

/** A person's Edit and Deactivate sit under their name, so they stay in sight at every width. */
const rowActions = (u: User, edit: (u: User) => void, toggle: (u: User) => void) => (
  <span className={styles.rowActions}>
    <Button size="sm" onClick={() => edit(u)} aria-label={`Edit ${u.name}`}>
      Edit
    </Button>
    <Button
      size="sm"
      variant="ghost"
      onClick={() => toggle(u)}
      aria-label={`${u.status === 'removed' ? 'Reactivate' : 'Deactivate'} ${u.name}`}
    >
      {u.status === 'removed' ? 'Reactivate' : 'Deactivate'}
    </Button>
  </span>
);
