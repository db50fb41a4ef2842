import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { importSources, type ImportCreated, type ImportMapping, type ImportPreview } from '../../../contract/imports.ts';
import { teams } from './core.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

/** An import of another tracker's export: previewed, then applied (or not), then perhaps undone. */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    source: text('source', { enum: importSources }).notNull(),
    fileName: text('file_name').notNull(),
    /** The uploaded file under the data directory (`imports/…`), read again on apply. */
    storageKey: text('storage_key').notNull(),
    status: text('status', { enum: ['previewed', 'applied', 'undone'] })
      .notNull()
      .default('previewed'),
    preview: jsonb('preview').$type<ImportPreview>().notNull(),
    /** How a `csv` file's columns are read (null for the trackers' own exports). */
    mapping: jsonb('mapping').$type<ImportMapping>(),
    created: jsonb('created').$type<ImportCreated | null>(),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
    undoneAt: ts('undone_at'),
  },
  (t) => [index('imports_team_idx').on(t.teamId, t.id)],
);

/** One per imported row: its source and fingerprint, so the same row is never imported twice. */
export const importFingerprints = pgTable(
  'import_fingerprints',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    fingerprint: text('fingerprint').notNull(),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('import_fingerprints_uq').on(t.teamId, t.source, t.fingerprint),
    index('import_fingerprints_import_idx').on(t.importId),
  ],
);

/**
 * What an applied import created or added, so undo removes exactly that: clients, projects, tasks and invited
 * users it created, and the seconds it added to each time record (`created` when the record is its own).
 */
export const importLedger = pgTable(
  'import_ledger',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['client', 'project', 'task', 'user', 'time'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    seconds: integer('seconds').notNull().default(0),
    created: boolean('created').notNull().default(true),
    /** The comment of a time record before the import set it (null when it left the comment alone). */
    previousComment: text('previous_comment'),
  },
  (t) => [index('import_ledger_import_idx').on(t.importId)],
);
