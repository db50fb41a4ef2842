import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import { periodRange, type SavedReport } from '../../../contract/saved-reports.ts';
import type { User } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import * as saved from '../../api/operations/savedReports.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { tabPaths, type ReportTab } from './access.ts';
import { tabLabels } from './reports-layout.tsx';
import type { ReportSearch } from './search-params.ts';
import styles from './reports.module.css';

// The form brings react-hook-form: loaded when the dialog opens.
const SaveReportDialog = lazy(() => import('./save-report-dialog.tsx'));

export const savedReportsKey = ['reports', 'saved'] as const;
export const periodNames = {
  custom: 'Fixed dates',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
  lastYear: 'Last year',
} as const;

export interface SavedReportsProps {
  me: User;
  tab: ReportTab;
  search: ReportSearch;
  today: string;
  weekStart: number;
}

/** The address a saved report opens: its tab, its filters, and its range as of today. */
const searchOf = (r: SavedReport, today: string, weekStart: number): ReportSearch => ({
  ...r.filters,
  ...periodRange(r.period, today, weekStart),
});

/**
 * The Reports screen's saved reports: the caller's and the team's shared ones, each a link that opens the tab with
 * its filters (a moving range as of today), and Save report for what is on screen.
 */
export function SavedReports({ me, tab, search, today, weekStart }: SavedReportsProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: savedReportsKey, queryFn: ({ signal }) => api.call(saved.list, { signal }) });
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<SavedReport | null>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const [removing, setRemoving] = useState<SavedReport | null>(null);
  const remove = useMutation({
    mutationFn: (r: SavedReport) => api.call(saved.remove, { params: { report_id: r.id } }),
    onSuccess: (_, r) => {
      queryClient.setQueryData<SavedReport[]>(savedReportsKey, (old) => old?.filter((x) => x.id !== r.id));
      toast(`\u201c${r.name}\u201d is deleted.`, 'success');
    },
    onError: (e) => toast(`Not deleted. ${describeError(e)}`, 'error'),
    onSettled: () => setRemoving(null),
  });
  const reports = list.data ?? [];
  const mayDelete = (r: SavedReport) => r.owner === me.id || (r.shared && me.role === 'admin');
  return (
    <div className={styles.saved}>
      <details className={styles.savedList} ref={menu}>
        <summary>Saved reports{list.data ? ` (${reports.length})` : ''}</summary>
        <div className={styles.savedPanel}>
          {list.error ? (
            <p role="alert">
              Could not load the saved reports: {describeError(list.error)}{' '}
              <Button size="sm" variant="ghost" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </p>
          ) : !list.data ? (
            <p>Loading{'\u2026'}</p>
          ) : reports.length === 0 ? (
            <p className={styles.savedEmpty}>None yet. Set the filters, then Save report keeps them under a name.</p>
          ) : (
            <ul>
              {reports.map((r) => (
                <li key={r.id}>
                  <Link
                    to={tabPaths[r.tab]}
                    search={searchOf(r, today, weekStart)}
                    className={styles.savedLink}
                    onClick={() => menu.current?.removeAttribute('open')}
                  >
                    {r.name}
                  </Link>
                  <span className={styles.savedMeta}>
                    {tabLabels[r.tab]} · {periodNames[r.period]}
                    {r.shared ? (r.owner === me.id ? ' · Shared' : ' · Shared with you') : ''}
                    {r.email && r.owner === me.id ? ` · Emailed each ${r.email.every}` : ''}
                  </span>
                  <span className={styles.savedActions}>
                    {r.owner === me.id && (
                      <Button size="sm" variant="ghost" aria-label={`Change \u201c${r.name}\u201d`} onClick={() => setEditing(r)}>
                        Change
                      </Button>
                    )}
                    {mayDelete(r) && (
                      <Button size="sm" variant="ghost" aria-label={`Delete \u201c${r.name}\u201d`} onClick={() => setRemoving(r)}>
                        Delete
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </details>
      <Button size="sm" onClick={() => setSaving(true)}>
        Save report
      </Button>
      {(saving || editing) && (
        <Suspense fallback={null}>
          <SaveReportDialog
            me={me}
            tab={editing?.tab ?? tab}
            tabName={tabLabels[editing?.tab ?? tab]}
            search={editing ? searchOf(editing, today, weekStart) : search}
            today={today}
            weekStart={weekStart}
            report={editing ?? undefined}
            onClose={() => {
              setSaving(false);
              setEditing(null);
            }}
            onSaved={(r) => {
              setSaving(false);
              setEditing(null);
              queryClient.setQueryData<SavedReport[]>(savedReportsKey, (old) =>
                [...(old ?? []).filter((x) => x.id !== r.id), r].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
              );
            }}
          />
        </Suspense>
      )}
      {removing && (
        <ConfirmDialog
          title="Delete this saved report?"
          message={`\u201c${removing.name}\u201d goes${removing.shared ? ' for everyone it is shared with' : ''}. The time it reports stays.`}
          confirmLabel="Delete"
          cancelLabel="Keep"
          onConfirm={() => remove.mutateAsync(removing).catch(() => undefined)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
