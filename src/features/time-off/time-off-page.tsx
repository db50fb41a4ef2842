import './time-off.css';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { TimeOffAssignment } from '../../../contract/timeoff.ts';
import type { Role } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { teamQueryOptions } from '../team/api.ts';
import { allocationsQueryOptions, timeOffQueryOptions, typesQueryOptions, useWithdraw } from './api.ts';
import { BalancesPanel, MyBalances } from './balances-panel.tsx';
import { rangeLabel } from './labels.ts';
import { RequestList } from './my-requests.tsx';
import { ReviewQueue } from './review-queue.tsx';
import { monthDays, TeamCalendar } from './team-calendar.tsx';

const RequestForm = lazy(() => import('./request-form.tsx'));

export interface TimeOffPageProps {
  me: { id: number; role: Role };
  today: string;
  month: string;
  onMonth: (month: string) => void;
}

/** Time off: my balances and requests for everyone; decisions, the team's month and the settings for admins. */
export function TimeOffPage({ me, today, month, onMonth }: TimeOffPageProps) {
  const api = useApi();
  const admin = me.role === 'admin';
  const manager = admin || me.role === 'supervisor';
  const year = today.slice(0, 4);
  const types = useSuspenseQuery(typesQueryOptions(api)).data;
  const mine = useSuspenseQuery(timeOffQueryOptions(api, { user: me.id })).data;
  const myAllocations = useQuery(allocationsQueryOptions(api, me.id)).data ?? [];
  const team = useQuery({ ...teamQueryOptions(api), enabled: manager });
  const pending = useQuery({ ...timeOffQueryOptions(api, { status: 'pending' }), enabled: admin });
  const days = monthDays(month);
  const monthOff = useQuery({ ...timeOffQueryOptions(api, { from: days[0]!, to: days.at(-1)! }), enabled: manager });
  const allAllocations = useQuery({ ...allocationsQueryOptions(api, 'team'), enabled: manager });
  const [form, setForm] = useState<TimeOffAssignment | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<TimeOffAssignment | null>(null);
  const withdraw = useWithdraw();

  const people = (team.data ?? []).filter((u) => u.status !== 'removed').map((u) => ({ id: u.id, name: u.name }));
  const nameOf = (id: number) => people.find((p) => p.id === id)?.name ?? `User ${id}`;
  const upcoming = mine.filter((t) => t.endDate >= today);
  const past = mine.filter((t) => t.endDate < today).reverse();

  return (
    <div className="toff">
      <header className="toff__header">
        <div>
          <h1 className="page__title">Time off</h1>
          <p className="page__subtitle">
            {upcoming.filter((t) => t.status === 'pending').length} pending · {upcoming.filter((t) => t.status === 'approved').length}{' '}
            approved ahead
          </p>
        </div>
        <Button variant="primary" onClick={() => setForm('new')}>
          {admin ? 'Add time off' : 'Request time off'}
        </Button>
      </header>

      <MyBalances allocations={myAllocations} types={types} year={year} />

      {admin && (
        <Card title={`Awaiting a decision${pending.data?.length ? ` (${pending.data.length})` : ''}`}>
          {pending.isError ? (
            <p role="alert">{describeError(pending.error)}</p>
          ) : (
            <ReviewQueue rows={pending.data ?? []} types={types} nameOf={nameOf} year={year} />
          )}
        </Card>
      )}

      <Card title="My requests">
        <div className="stack-md">
          <section className="stack-sm" aria-labelledby="toff-upcoming">
            <h3 id="toff-upcoming">Upcoming</h3>
            <RequestList
              label="Upcoming time off"
              rows={upcoming}
              types={types}
              year={year}
              onEdit={(t) => setForm(t)}
              onWithdraw={setWithdrawing}
              empty="Nothing planned. Request time off to see it here."
            />
          </section>
          <section className="stack-sm" aria-labelledby="toff-past">
            <h3 id="toff-past">Past</h3>
            <RequestList label="Past time off" rows={past} types={types} year={year} empty="No past time off." />
          </section>
        </div>
      </Card>

      {manager && (
        <Card title="Team calendar">
          <TeamCalendar
            month={month}
            onMonth={onMonth}
            people={people}
            rows={(monthOff.data ?? []).filter((t) => t.status !== 'rejected')}
            types={types}
          />
        </Card>
      )}

      {manager && (
        <Card title="Types and allocations">
          <BalancesPanel admin={admin} types={types} allocations={allAllocations.data ?? []} people={people} nameOf={nameOf} year={year} />
        </Card>
      )}

      <Dialog
        open={form !== null}
        title={form === 'new' ? (admin ? 'Add time off' : 'Request time off') : 'Edit the request'}
        onClose={() => setForm(null)}
      >
        <Suspense fallback={<p className="muted">Loading the form…</p>}>
          <RequestForm
            types={types}
            today={today}
            meId={me.id}
            people={admin && form === 'new' ? people : undefined}
            editing={form === 'new' || form === null ? undefined : form}
            onCancel={() => setForm(null)}
            onDone={(saved) => {
              toast(
                form !== 'new' ? 'Request saved' : saved.status === 'approved' ? 'Time off added' : 'Request sent: it is pending',
                'success',
              );
              setForm(null);
            }}
          />
        </Suspense>
      </Dialog>
      {withdrawing && (
        <ConfirmDialog
          title="Withdraw the request?"
          message={`The request for ${rangeLabel(withdrawing.startDate, withdrawing.endDate, year)} will be deleted.`}
          confirmLabel="Withdraw"
          onCancel={() => setWithdrawing(null)}
          onConfirm={async () => {
            try {
              await withdraw.mutateAsync(withdrawing.id);
              toast('Request withdrawn', 'success');
              setWithdrawing(null);
            } catch (e) {
              toast(describeError(e), 'error');
            }
          }}
        />
      )}
    </div>
  );
}
