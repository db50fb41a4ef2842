import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { importSources, type ImportSourceName } from '../../../contract/import-sources.ts';
import type { ImportView } from '../../../contract/imports.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import * as imports from '../../api/operations/imports.ts';
import { useSession } from '../../auth/context.ts';
import { whenLabel } from '../../lib/format.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { DropZone } from '../../ui/upload/drop-zone.tsx';
import { teamQueryOptions } from '../team/api.ts';
import { importRules, importsKey, importsQueryOptions, sourceLabels, uploadImport } from './api.ts';
import styles from './import.module.css';
import { CsvMapping } from './csv-mapping.tsx';
import { ImportPreview } from './preview.tsx';

const statusLabel: Record<ImportView['status'], string> = { previewed: 'Previewed', applied: 'Applied', undone: 'Undone' };

const createdText = (v: ImportView) =>
  v.created ? `${v.created.rows} rows, ${v.created.clients} clients, ${v.created.projects} projects, ${v.created.users} people` : '\u2014';

/** Admins bring the team's history in from another tracker's export: upload, preview, decide people, apply, undo. */
export function ImportPage() {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<ImportSourceName>('toggl');
  const [openId, setOpenId] = useState<number | null>(null);
  const [undoing, setUndoing] = useState<ImportView | null>(null);
  const history = useQuery(importsQueryOptions(api));
  const team = useQuery(teamQueryOptions(api));
  const opened = openId === null ? undefined : history.data?.find((v) => v.id === openId);

  const keep = (next: ImportView) => {
    queryClient.setQueryData<ImportView[]>(importsKey, (list) => {
      const rest = (list ?? []).filter((v) => v.id !== next.id);
      return [next, ...rest].sort((a, b) => b.id - a.id);
    });
  };
  const undo = useMutation({
    mutationFn: (v: ImportView) => api.call(imports.undoImport, { params: { import_id: v.id } }),
    onSuccess: async (next) => {
      keep(next);
      setUndoing(null);
      await queryClient.invalidateQueries();
    },
  });

  const columns: Column<ImportView>[] = [
    { id: 'file', header: 'File', cell: (v) => v.fileName },
    { id: 'source', header: 'Source', cell: (v) => sourceLabels[v.source] },
    { id: 'when', header: 'When', cell: (v) => whenLabel(v.appliedAt ?? v.createdAt) },
    { id: 'status', header: 'Status', cell: (v) => statusLabel[v.status] },
    { id: 'created', header: 'Created', cell: createdText },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      actions: true,
      cell: (v) =>
        v.status === 'previewed' ? (
          <Button size="sm" onClick={() => setOpenId(v.id)} aria-label={`Open ${v.fileName} to apply`}>
            Open
          </Button>
        ) : v.status === 'applied' ? (
          <Button size="sm" variant="danger" onClick={() => (undo.reset(), setUndoing(v))} aria-label={`Undo ${v.fileName}`}>
            Undo
          </Button>
        ) : null,
    },
  ];

  return (
    <div className={`page ${styles.page}`}>
      <header>
        <h1 className="page__title">Import</h1>
        <p className="page__subtitle">Bring the team’s time in from another tracker’s export. Nothing is written until you apply it.</p>
      </header>

      <Card title="Upload an export">
        <fieldset className={styles.sources}>
          <legend>The file comes from</legend>
          {importSources.map((s) => (
            <label key={s} className={styles.source}>
              <input type="radio" name="import-source" value={s} checked={source === s} onChange={() => setSource(s)} />
              {sourceLabels[s]}
            </label>
          ))}
        </fieldset>
        {source === 'csv' ? (
          <CsvMapping
            saved={history.data?.find((v) => v.source === 'csv' && v.mapping)?.mapping ?? null}
            onUploaded={(view) => {
              keep(view);
              setOpenId(view.id);
            }}
          />
        ) : (
          <DropZone<ImportView>
            key={source}
            label={`${sourceLabels[source]} file`}
            rules={importRules}
            multiple={false}
            camera={false}
            upload={(file, o) => uploadImport(source, { baseUrl: session.baseUrl, credential: session.credential, file, ...o })}
            onUploaded={(view) => {
              keep(view);
              setOpenId(view.id);
            }}
          />
        )}
      </Card>

      {opened && team.data && <ImportPreview key={opened.id} view={opened} team={team.data} onChanged={keep} />}
      {opened && team.isError && <Alert tone="error">{describeError(team.error)}</Alert>}

      <Card title="History">
        {undo.isError && (
          <Alert tone="error" title="The import was not undone">
            {describeError(undo.error)}
          </Alert>
        )}
        <DataTable
          label="Imports"
          columns={columns}
          rows={history.data}
          rowKey={(v) => String(v.id)}
          rowLabel={(v) => v.fileName}
          status={history.status}
          errorMessage={history.isError ? describeError(history.error) : undefined}
          onRetry={() => void history.refetch()}
          empty="No imports yet: upload an export above."
        />
      </Card>

      {undoing && (
        <ConfirmDialog
          title={`Undo ${undoing.fileName}?`}
          message={
            undo.isError
              ? `${describeError(undo.error)} You can try again.`
              : 'The time, clients, projects, tasks and invited people this import added are removed.'
          }
          confirmLabel={undo.isError ? 'Try again' : 'Undo import'}
          onConfirm={() => undo.mutateAsync(undoing).catch(() => undefined)}
          onCancel={() => setUndoing(null)}
        />
      )}
    </div>
  );
}
