import type { Readable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import type { ImportMapping, ImportView } from '../../../contract/imports.ts';
import { imports } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Deps } from '../../http/env.ts';

/** What imports need of the app's dependencies (the CLI has no more). */
export type ImportDeps = Pick<Deps, 'config' | 'secrets' | 'clock' | 'ops'>;
import { ApiError, notFound } from '../../http/errors.ts';
import { toDateTime } from '../../lib/time.ts';
import { openImportFile, removeImportFile } from './files.ts';
import { planImport } from './plan.ts';
import { ImportFileError, type ImportSource } from './rows.ts';

type ImportRowDb = typeof imports.$inferSelect;

export const presentImport = (r: ImportRowDb): ImportView => ({
  id: r.id,
  source: r.source,
  fileName: r.fileName,
  status: r.status,
  createdAt: toDateTime(r.createdAt),
  appliedAt: r.appliedAt ? toDateTime(r.appliedAt) : null,
  undoneAt: r.undoneAt ? toDateTime(r.undoneAt) : null,
  preview: r.preview,
  mapping: r.mapping ?? null,
  created: r.created ?? null,
});

/** 422 naming the problem and its line, for a file that cannot be read. */
export const unreadable = (e: ImportFileError) => new ApiError(422, e.message, { file: [e.message] });

/**
 * Previews an uploaded file (stored under `storageKey`) for the team and records the import as previewed.
 * A file that cannot be read is removed and answered 422; nothing is recorded.
 */
export async function previewImport(
  deps: ImportDeps,
  scope: Scope,
  a: { source: ImportSource; mapping: ImportMapping | null; fileName: string; storageKey: string; actorId: number },
): Promise<ImportView> {
  const open: () => Readable = openImportFile(deps.config.dataDir, a.storageKey);
  try {
    const plan = await planImport(scope, a.source, a.mapping, open);
    const row = await scope.insert(imports, {
      source: a.source,
      mapping: a.mapping,
      fileName: a.fileName,
      storageKey: a.storageKey,
      preview: plan.preview,
      createdBy: a.actorId,
    });
    return presentImport(row);
  } catch (e) {
    await removeImportFile(deps.config.dataDir, a.storageKey);
    if (e instanceof ImportFileError) throw unreadable(e);
    throw e;
  }
}

export async function findImport(scope: Scope, id: number): Promise<ImportRowDb> {
  const row = await scope.byId(imports, id);
  if (!row) throw notFound('Import');
  return row;
}

export async function listImports(scope: Scope): Promise<ImportView[]> {
  const rows = await scope.db.select().from(imports).where(scope.mine(imports)).orderBy(desc(imports.id));
  return rows.map(presentImport);
}

export const reloadImport = async (scope: Scope, id: number) => presentImport((await scope.first(imports, eq(imports.id, id)))!);
