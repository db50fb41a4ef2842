import { queryOptions } from '@tanstack/react-query';
import { MAX_IMPORT_BYTES, type ImportSourceName } from '../../../contract/import-sources.ts';
import type { ImportMapping, ImportView } from '../../../contract/imports.ts';
import type { ApiClient } from '../../api/client.ts';
import * as imports from '../../api/operations/imports.ts';
import { uploadFile, type UploadOptions } from '../../api/upload.ts';
import type { FileRules } from '../../ui/upload/file-checks.ts';

export const importsKey = ['imports'] as const;

/** The team's imports, newest first (`GET /imports`). */
export const importsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: importsKey,
    queryFn: ({ signal }) => api.call(imports.listImports, { signal }),
  });

export const sourceLabels: Record<ImportSourceName, string> = {
  toggl: 'Toggl Track detailed CSV',
  clockify: 'Clockify detailed CSV',
  harvest: 'Harvest detailed time CSV',
  kimai: 'Kimai timesheet export (CSV)',
  csv: 'Any other CSV',
};

/** What the drop zone takes: the trackers' CSV exports (semicolon or tab separated ones too). */
export const importRules: FileRules = {
  types: ['text/csv', 'text/plain', 'text/tab-separated-values', 'application/vnd.ms-excel'],
  extensions: ['.csv', '.tsv', '.txt'],
  maxBytes: MAX_IMPORT_BYTES,
  typesLabel: 'CSV',
};

/** Sends the export itself as the body; the answer is the preview, nothing is written to the team yet. */
export function uploadImport(
  source: ImportSourceName,
  { mapping, ...opts }: Omit<UploadOptions, 'path' | 'rawAs' | 'name'> & { mapping?: ImportMapping },
): Promise<ImportView> {
  const query = new URLSearchParams({ source, name: opts.file.name, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) });
  return uploadFile({ ...opts, path: `${imports.createImport.path}?${query}`, rawAs: 'text/csv' }) as Promise<ImportView>;
}
