import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { auditKinds, type AuditEntry, type AuditKind } from '../../../contract/audit-log.ts';
import { useApi } from '../../api/context.ts';
import { downloadFile, saveBlob } from '../../api/download.ts';
import { describeError } from '../../api/errors.ts';
import * as auditLog from '../../api/operations/auditLog.ts';
import { useSession } from '../../auth/context.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import { Pager } from '../../ui/table/pager.tsx';
import type { Column } from '../../ui/table/types.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { teamQueryOptions } from '../team/api.ts';
import teamStyles from '../team/team.module.css';
import styles from './audit-log.module.css';

const PAGE_SIZE = 50;

/** A kind in words: `user.role_changed` → "User role changed". */
export const kindLabel = (kind: AuditKind) => {
  const text = kind.replace(/[._]/g, ' ').replace('signin', 'sign-in').replace('api key', 'API key');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const values = (v: Record<string, unknown> | null) =>
  v
    ? Object.entries(v)
        .map(([k, x]) => `${k}: ${Array.isArray(x) ? x.join(', ') || 'none' : String(x)}`)
        .join('; ')
    : '';

const columns: Column<AuditEntry>[] = [
  { id: 'when', header: 'When (UTC)', cell: (e) => e.createdAt, width: '10.5rem' },
  {
    id: 'who',
    header: 'Who, from where',
    // The address under the name: one column less, so the change itself has the room.
    cell: (e) => (
      <span className={`${teamStyles.who} ${styles.wrap}`}>
        <span>{e.actor.name}</span>
        {e.address ? <span className={styles.muted}>{e.address}</span> : null}
      </span>
    ),
    width: '12rem',
  },
  { id: 'what', header: 'What', cell: (e) => kindLabel(e.kind), width: '11rem' },
  { id: 'subject', header: 'Subject', cell: (e) => (e.subject ? <span className={`${styles.subject} ${styles.wrap}`}>{`${e.subject.name} (${e.subject.type})`}</span> : '') },
  {
    id: 'change',
    header: 'Before → after',
    cell: (e) =>
      e.before || e.after ? (
        <span className={`${styles.change} ${styles.wrap}`}>
          {values(e.before) || '—'} → {values(e.after) || '—'}
        </span>
      ) : (
        <span className={styles.muted}>—</span>
      ),
  },
];

interface Filters {
  actor?: number | undefined;
  kind?: AuditKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Admins: the team's audit log (a section of the Team screen) with filters, pages of 50 and a CSV download of what the filters select. */
export default function AuditLogSection() {
  const api = useApi();
  const session = useSession();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const team = useQuery(teamQueryOptions(api));
  const query = useMemo(() => ({ ...filters, actor: filters.actor === undefined ? undefined : String(filters.actor) }), [filters]);
  const log = useQuery({
    queryKey: ['audit-log', query, page],
    queryFn: ({ signal }) => api.call(auditLog.list, { query: { ...query, limit: String(PAGE_SIZE), page: String(page) }, signal }),
    // While the next page or another filter loads, the rows on screen stay (TanStack Query's own option) instead of the table emptying.
    placeholderData: keepPreviousData,
  });
  const change = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await downloadFile(auditLog.export.path, { ...query, format: 'csv' }, { baseUrl: session.baseUrl, credential: session.credential });
      saveBlob(blob, 'timekeep-audit-log.csv');
    } catch (e) {
      toast(`The audit log could not be downloaded: ${describeError(e)}`, 'error');
    } finally {
      setDownloading(false);
    }
  };
  const total = log.data?.total ?? 0;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the Team screen's header: brought into view with the focus on its heading.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, []);
  return (
    <section className={teamStyles.page} aria-labelledby="audit-log-heading">
      <header className={teamStyles.header}>
        <div>
          <h2 id="audit-log-heading" ref={heading} tabIndex={-1} className={styles.title}>
            Audit log
          </h2>
          <p className="page__subtitle">
            {log.data ? `${total} ${total === 1 ? 'entry' : 'entries'}` : 'Loading\u2026'}, kept at least 400 days, never changed
          </p>
        </div>
        <Button busy={downloading} onClick={() => void download()}>
          Download CSV
        </Button>
      </header>
      <div className={`${teamStyles.filters} ${styles.filters}`} role="search" aria-label="Filter the audit log">
        <SelectField
          label="Person"
          value={filters.actor === undefined ? '' : String(filters.actor)}
          onChange={(e) => change({ ...filters, actor: e.target.value ? Number(e.target.value) : undefined })}
          options={[{ value: '', label: 'Everyone' }, ...(team.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))]}
        />
        <SelectField
          label="Kind"
          value={filters.kind ?? ''}
          onChange={(e) => change({ ...filters, kind: (e.target.value || undefined) as AuditKind | undefined })}
          options={[{ value: '', label: 'Every kind' }, ...auditKinds.map((k) => ({ value: k, label: kindLabel(k) }))]}
        />
        <TextField label="From" type="date" value={filters.from ?? ''} onChange={(e) => change({ ...filters, from: e.target.value || undefined })} />
        <TextField label="To" type="date" value={filters.to ?? ''} onChange={(e) => change({ ...filters, to: e.target.value || undefined })} />
      </div>
      <DataTable
        label="Audit log"
        columns={columns}
        rows={log.data?.items}
        rowKey={(e) => String(e.id)}
        rowLabel={(e) => `${kindLabel(e.kind)} ${e.createdAt}`}
        status={log.status}
        errorMessage={log.error ? describeError(log.error) : undefined}
        onRetry={() => void log.refetch()}
        empty="No entries match these filters."
        sortLocally={false}
      />
      <Pager label="Audit log" page={page} onPageChange={setPage} pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} />
    </section>
  );
}
