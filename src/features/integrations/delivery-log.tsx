import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/inputs/checkbox.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { toast } from '../../ui/toast.tsx';
import { deliveriesQueryOptions, useRedeliver, type Attempt, type Webhook } from './hooks-api.ts';
import styles from './integrations.module.css';

/**
 * A webhook's recent delivery attempts, with a failures filter and Redeliver. The answer column is cut to its
 * width (the whole answer in its tooltip) and Redeliver stays pinned at the end when a narrow screen scrolls the table.
 */
export function DeliveryLog({ hook }: { hook: Webhook }) {
  const api = useApi();
  const [failed, setFailed] = useState(false);
  const log = useQuery(deliveriesQueryOptions(api, hook.id, failed));
  const redeliver = useRedeliver();
  const columns: Column<Attempt>[] = [
    { id: 'when', header: 'Time (UTC)', cell: (a) => a.createdAt },
    { id: 'event', header: 'Event', cell: (a) => a.event },
    {
      id: 'status',
      header: 'Status',
      cell: (a) => (
        <span className={a.success ? styles.ok : styles.bad}>{a.statusCode === null ? 'No answer' : `HTTP ${a.statusCode}`}</span>
      ),
    },
    { id: 'duration', header: 'Duration', cell: (a) => `${a.durationMs} ms`, align: 'end' },
    { id: 'attempt', header: 'Attempt', cell: (a) => a.attempt, align: 'end' },
    {
      id: 'answer',
      header: 'Answer',
      width: '14rem',
      cell: (a) => (
        <span className={styles.excerpt} title={a.error ?? a.responseExcerpt ?? undefined}>
          {a.error ?? a.responseExcerpt ?? ''}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      cell: (a) => (
        <Button
          size="sm"
          disabled={!hook.active}
          aria-label={`Redeliver ${a.event} of ${a.createdAt}`}
          onClick={() =>
            void redeliver
              .mutateAsync({ id: hook.id, deliveryId: a.deliveryId })
              .then(() => toast('Sent again: the new attempt shows here in a moment.', 'success'))
              .catch(() => toast('It could not be sent again. Try again.', 'error'))
          }
        >
          Redeliver
        </Button>
      ),
    },
  ];
  return (
    <div className={styles.log}>
      <Checkbox label="Only failures" value={failed} onChange={setFailed} />
      <DataTable
        label={`Deliveries to ${hook.targetUrl}`}
        columns={columns}
        rows={log.data}
        rowKey={(a) => String(a.id)}
        status={log.status}
        onRetry={() => void log.refetch()}
        empty={
          failed ? 'No failed deliveries in the last 7 days.' : 'Nothing sent yet. Deliveries show here once a subscribed event happens.'
        }
      />
    </div>
  );
}
