import { lazy, Suspense, useState } from 'react';
import type { Allocation, TimeOffType } from '../../../contract/timeoff.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { toast } from '../../ui/toast.tsx';
import { daysText, rangeLabel } from './labels.ts';
import { TypeDot } from './my-requests.tsx';

const TypeForm = lazy(() => import('./settings-forms.tsx').then((m) => ({ default: m.TypeForm })));
const AllocationForm = lazy(() => import('./settings-forms.tsx').then((m) => ({ default: m.AllocationForm })));

export interface BalancesPanelProps {
  admin: boolean;
  types: readonly TimeOffType[];
  allocations: readonly Allocation[];
  people: readonly { id: number; name: string }[];
  nameOf: (id: number) => string;
  year: string;
}

/** Time-off types and the allocations per person and type; admins manage both. */
export function BalancesPanel({ admin, types, allocations, people, nameOf, year }: BalancesPanelProps) {
  const [typeOpen, setTypeOpen] = useState<TimeOffType | 'new' | null>(null);
  const [allocOpen, setAllocOpen] = useState<Allocation | 'new' | null>(null);
  const typeColumns: Column<TimeOffType>[] = [
    { id: 'name', header: 'Name', cell: (t) => <TypeDot types={types} id={t.id} />, sortValue: (t) => t.name },
    { id: 'color', header: 'Colour', cell: (t) => <code>{t.color}</code> },
    { id: 'paid', header: 'Paid', cell: (t) => (t.paid ? 'Paid' : 'Unpaid') },
    ...(admin
      ? [
          {
            id: 'edit',
            header: 'Edit',
            hideHeader: true,
            actions: true,
            cell: (t: TimeOffType) => (
              <Button size="sm" variant="secondary" aria-label={`Edit the type ${t.name}`} onClick={() => setTypeOpen(t)}>
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  const allocColumns: Column<Allocation>[] = [
    { id: 'person', header: 'Person', cell: (a) => nameOf(a.user), sortValue: (a) => nameOf(a.user) },
    { id: 'type', header: 'Type', cell: (a) => <TypeDot types={types} id={a.timeOffType} /> },
    { id: 'period', header: 'Period', cell: (a) => rangeLabel(a.startDate, a.endDate, year), sortValue: (a) => a.startDate },
    { id: 'days', header: 'Days', cell: (a) => a.days, align: 'end' },
    { id: 'carried', header: 'Carried over', cell: (a) => a.daysCarried, align: 'end' },
    { id: 'used', header: 'Used', cell: (a) => a.daysUsed, align: 'end', sortValue: (a) => a.daysUsed },
    {
      id: 'remaining',
      header: 'Remaining',
      cell: (a) => <strong className={a.daysRemaining < 0 ? 'toff-over' : undefined}>{a.daysRemaining}</strong>,
      align: 'end',
      sortValue: (a) => a.daysRemaining,
    },
    { id: 'restrict', header: 'Restricted', cell: (a) => (a.restrictOverAllocation ? 'Yes' : 'No') },
    ...(admin
      ? [
          {
            id: 'edit',
            header: 'Edit',
            hideHeader: true,
            actions: true,
            cell: (a: Allocation) => (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Edit the allocation of ${nameOf(a.user)}, ${rangeLabel(a.startDate, a.endDate, year)}`}
                onClick={() => setAllocOpen(a)}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="toff-settings">
      <section className="stack-sm" aria-labelledby="toff-types-title">
        <div className="toff-section__head">
          <h3 id="toff-types-title">Types</h3>
          {admin && (
            <Button size="sm" variant="secondary" onClick={() => setTypeOpen('new')}>
              Add type
            </Button>
          )}
        </div>
        <DataTable
          label="Time-off types"
          columns={typeColumns}
          rows={types}
          rowKey={(t) => String(t.id)}
          maxHeight="none"
          empty={<p>No types yet.</p>}
        />
      </section>
      <section className="stack-sm" aria-labelledby="toff-alloc-title">
        <div className="toff-section__head">
          <h3 id="toff-alloc-title">Allocations</h3>
          {admin && (
            <Button size="sm" variant="secondary" disabled={!types.length} onClick={() => setAllocOpen('new')}>
              Add allocation
            </Button>
          )}
        </div>
        <DataTable
          label="Allocations"
          columns={allocColumns}
          rows={allocations}
          rowKey={(a) => String(a.id)}
          maxHeight="none"
          empty={<p>No allocations: time off is not limited.</p>}
        />
      </section>
      <Dialog
        open={typeOpen !== null}
        title={typeOpen === 'new' ? 'Add a time-off type' : 'Edit the time-off type'}
        onClose={() => setTypeOpen(null)}
      >
        <Suspense fallback={<p className="muted">Loading the form…</p>}>
          <TypeForm
            editing={typeOpen === 'new' ? undefined : (typeOpen ?? undefined)}
            onCancel={() => setTypeOpen(null)}
            onDone={() => {
              toast(typeOpen === 'new' ? 'Type added' : 'Type saved', 'success');
              setTypeOpen(null);
            }}
          />
        </Suspense>
      </Dialog>
      <Dialog
        open={allocOpen !== null}
        title={allocOpen === 'new' ? 'Add an allocation' : 'Edit the allocation'}
        onClose={() => setAllocOpen(null)}
      >
        <Suspense fallback={<p className="muted">Loading the form…</p>}>
          <AllocationForm
            editing={allocOpen === 'new' ? undefined : (allocOpen ?? undefined)}
            people={people}
            types={types}
            year={year}
            onCancel={() => setAllocOpen(null)}
            onDone={() => {
              toast(allocOpen === 'new' ? 'Allocation added' : 'Allocation saved', 'success');
              setAllocOpen(null);
            }}
          />
        </Suspense>
      </Dialog>
    </div>
  );
}

/** The caller's own balances, one line each. */
export function MyBalances({
  allocations,
  types,
  year,
}: {
  allocations: readonly Allocation[];
  types: readonly TimeOffType[];
  year: string;
}) {
  const current = allocations.filter((a) => !a.completed);
  if (current.length === 0) return null;
  return (
    <ul className="toff-balances" aria-label="My balances">
      {current.map((a) => (
        <li key={a.id} className="toff-balance">
          <TypeDot types={types} id={a.timeOffType} />
          <span className="toff-balance__left">{daysText(a.daysRemaining)} left</span>
          <span className="muted">
            of {daysText(a.daysAllocated)} · {rangeLabel(a.startDate, a.endDate, year)}
          </span>
        </li>
      ))}
    </ul>
  );
}
