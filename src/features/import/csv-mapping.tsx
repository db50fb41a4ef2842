import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ImportMapping, ImportView, MappedField } from '../../../contract/imports.ts';
import { describeError } from '../../api/errors.ts';
import { useSession } from '../../auth/context.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { uploadImport } from './api.ts';
import { initialColumns, mappingProblems, readCsvHeader, type Columns } from './csv-header.ts';
import styles from './import.module.css';

const FIELDS: { field: MappedField; label: string; needed?: boolean }[] = [
  { field: 'date', label: 'Date', needed: true },
  { field: 'person', label: 'Person', needed: true },
  { field: 'email', label: 'Email' },
  { field: 'client', label: 'Client' },
  { field: 'project', label: 'Project', needed: true },
  { field: 'task', label: 'Task' },
  { field: 'note', label: 'Note' },
  { field: 'billable', label: 'Billable' },
  { field: 'start', label: 'Start time' },
  { field: 'end', label: 'End time' },
  { field: 'duration', label: 'Duration' },
];

const DATE_ORDERS = [
  { value: 'auto', label: 'Decide from the file' },
  { value: 'dmy', label: 'Day first (31/12/2026)' },
  { value: 'mdy', label: 'Month first (12/31/2026)' },
];

interface Chosen {
  file: File;
  header: string[];
  columns: Columns;
  fromSaved: boolean;
}

/**
 * Any other CSV: the admin chooses the file, Timekeep reads its header, the admin says which column holds each
 * field (started from the last CSV import's choice, or from the columns' usual names), then previews.
 */
export function CsvMapping({ saved, onUploaded }: { saved: ImportMapping | null; onUploaded: (view: ImportView) => void }) {
  const session = useSession();
  const fileId = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [dateOrder, setDateOrder] = useState<ImportMapping['dateOrder']>(saved?.dateOrder ?? 'auto');
  const [tried, setTried] = useState(false);
  const send = useMutation({
    mutationFn: (a: { file: File; mapping: ImportMapping }) =>
      uploadImport('csv', { baseUrl: session.baseUrl, credential: session.credential, file: a.file, mapping: a.mapping }),
    onSuccess: (view) => {
      setChosen(null);
      setTried(false);
      onUploaded(view);
    },
  });

  const choose = async (file: File | undefined) => {
    send.reset();
    setTried(false);
    setChosen(null);
    setReadError(null);
    if (!file) return;
    try {
      const header = await readCsvHeader(file);
      if (header.length < 2) return setReadError(`${file.name} has no header line with column names: is it a CSV file?`);
      setChosen({ file, header, ...initialColumns(header, saved) });
    } catch {
      setReadError(`${file.name} could not be read. Choose it again, or another file.`);
    }
  };

  const problems = chosen ? mappingProblems(chosen.columns) : {};
  const preview = () => {
    setTried(true);
    if (!chosen || Object.keys(problems).length > 0) return;
    const columns = Object.fromEntries(Object.entries(chosen.columns).filter(([, v]) => v)) as ImportMapping['columns'];
    send.mutate({ file: chosen.file, mapping: { columns, dateOrder } });
  };

  return (
    <div className={styles.mapping}>
      <div className="field">
        <label htmlFor={fileId} className="field__label">
          CSV file
        </label>
        <input id={fileId} type="file" accept=".csv,.tsv,.txt,text/csv" onChange={(e) => void choose(e.target.files?.[0])} />
      </div>
      {readError && <Alert tone="error">{readError}</Alert>}
      {chosen && (
        <>
          <p className={styles.mappingNote}>
            {chosen.fromSaved
              ? 'The columns of your last CSV import are chosen. Check them, then preview.'
              : `Which of the ${chosen.header.length} columns of ${chosen.file.name} holds each field? Date, person, project, and a duration or a start and an end are needed.`}
          </p>
          <div className={styles.mappingFields}>
            {FIELDS.map(({ field, label, needed }) => (
              <SelectField
                key={field}
                label={needed ? `${label} (needed)` : label}
                value={chosen.columns[field] ?? ''}
                error={tried ? problems[field] : undefined}
                options={[
                  { value: '', label: needed ? 'Choose a column' : 'Not in the file' },
                  ...chosen.header.map((h) => ({ value: h, label: h })),
                ]}
                onChange={(e) => setChosen({ ...chosen, columns: { ...chosen.columns, [field]: e.target.value || undefined } })}
              />
            ))}
            <SelectField
              label="Dates"
              value={dateOrder}
              options={DATE_ORDERS}
              onChange={(e) => setDateOrder(e.target.value as ImportMapping['dateOrder'])}
            />
          </div>
          {send.isError && (
            <Alert tone="error" title="The file was not previewed">
              {describeError(send.error)} Change the columns or the file and preview again.
            </Alert>
          )}
          <div>
            <Button variant="primary" busy={send.isPending} onClick={preview}>
              Preview import
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
