import type { Hono } from 'hono';
import { importRoutes, type ImportMapping } from '../../../contract/imports.ts';
import { fieldError } from '../../http/errors.ts';
import { parseMapping } from './sources.ts';
import type { AppEnv } from '../../http/env.ts';
import { requireAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { applyImport, undoImport } from './apply.ts';
import { openImportFile, saveImportFile } from './files.ts';
import { findImport, listImports, presentImport, previewImport, reloadImport, unreadable } from './service.ts';
import { ImportFileError, type ImportSource } from './rows.ts';
import { auditCaller } from '../audit/record.ts';

/** The mapping a `csv` upload needs (checked before the file is stored); other sources take none. */
function mappingOf(query: { source: ImportSource; mapping?: string | undefined }): ImportMapping | null {
  if (query.source !== 'csv') {
    if (query.mapping !== undefined) throw fieldError(query, 'mapping', 'Only a csv import takes a mapping', 'query');
    return null;
  }
  if (query.mapping === undefined) throw fieldError(query, 'mapping', 'A csv import needs a mapping: which column holds each field', 'query');
  const parsed = parseMapping(query.mapping);
  if ('problem' in parsed) throw fieldError(query, 'mapping', parsed.problem, 'query');
  return parsed.mapping;
}

/** Imports of other trackers' exports: admins only, within their team. */
export function registerImportRoutes(app: Hono<AppEnv>) {
  register(app, importRoutes.createImport, async (c, { query }, caller) => {
    requireAdmin(caller);
    const deps = c.get('deps');
    const mapping = mappingOf(query);
    const storageKey = await saveImportFile(deps.config.dataDir, caller.team.id, c.req.raw.body);
    return previewImport(deps, c.get('scope'), {
      source: query.source,
      mapping,
      fileName: query.name ?? `${query.source}.csv`,
      storageKey,
      actorId: caller.user.id,
    });
  });

  register(app, importRoutes.listImports, async (c, _in, caller) => {
    requireAdmin(caller);
    return listImports(c.get('scope'));
  });

  register(app, importRoutes.getImport, async (c, { params }, caller) => {
    requireAdmin(caller);
    return presentImport(await findImport(c.get('scope'), params.import_id));
  });

  register(app, importRoutes.applyImport, async (c, { params, body }, caller) => {
    requireAdmin(caller);
    const deps = c.get('deps');
    const scope = c.get('scope');
    const row = await findImport(scope, params.import_id);
    try {
      await applyImport(deps, scope, row.id, caller.user.id, body, openImportFile(deps.config.dataDir, row.storageKey), auditCaller(c, caller));
    } catch (e) {
      if (e instanceof ImportFileError) throw unreadable(e);
      throw e;
    }
    return reloadImport(scope, row.id);
  });

  register(app, importRoutes.undoImport, async (c, { params }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    const row = await findImport(scope, params.import_id);
    await undoImport(c.get('deps'), scope, row.id, caller.user.id, auditCaller(c, caller));
    return reloadImport(scope, row.id);
  });
}
