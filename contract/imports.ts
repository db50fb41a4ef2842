import { z } from 'zod';
import { dateString, dateTimeString, numericId, numericIdParam } from './common.ts';
import { importSources } from './import-sources.ts';
import { defineRoute } from './route.ts';

// Imports of other trackers' exports stand in a file of their own: only the Import screen loads them.

export { importSources, mappedFields, MAX_IMPORT_BYTES, type ImportSourceName, type MappedField } from './import-sources.ts';
export const importSource = z.enum(importSources);

const column = z.string().trim().min(1).max(200);
/**
 * How a CSV of another shape reads (source `csv`): the column holding each field (by its header name), and the
 * order of day and month in dates such as 03/04/2026 (`auto` decides from the file's dates). A date, a person,
 * a project and a duration are needed; without a duration column, start and end times make one.
 */
export const importMapping = z
  .object({
    columns: z.object({
      date: column,
      person: column,
      email: column.optional(),
      client: column.optional(),
      project: column,
      task: column.optional(),
      note: column.optional(),
      billable: column.optional(),
      start: column.optional(),
      end: column.optional(),
      duration: column.optional(),
    }),
    dateOrder: z.enum(['auto', 'dmy', 'mdy']).default('auto'),
  })
  .refine((m) => m.columns.duration !== undefined || (m.columns.start !== undefined && m.columns.end !== undefined), {
    message: 'Choose a duration column, or both start and end columns',
    path: ['columns', 'duration'],
  });
export type ImportMapping = z.infer<typeof importMapping>;

const count = z.number().int().min(0);
const newAndMatched = z.object({ new: count, matched: count });

/** A person of the file and who they are in the team, as found (by email, then by name) or not. */
export const importPerson = z.object({
  /** Stable key of the person within the file (their email, or their name). */
  key: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  rows: count,
  seconds: count,
  match: z.object({ userId: numericId, name: z.string(), by: z.enum(['email', 'name']) }).nullable(),
});
export type ImportPerson = z.infer<typeof importPerson>;

export const importPreview = z.object({
  /** Rows read from the file (unreadable ones not counted). */
  rows: count,
  counts: z.object({
    clients: newAndMatched,
    projects: newAndMatched,
    tasks: newAndMatched,
    people: newAndMatched,
    time: z.object({ new: count, skippedDuplicate: count, skippedLocked: count, unreadable: count }),
  }),
  people: z.array(importPerson),
  clients: z.array(z.object({ name: z.string(), matched: z.boolean() })),
  projects: z.array(z.object({ name: z.string(), client: z.string(), matched: z.boolean(), seconds: count })),
  /** Rows that cannot be read, with their line and why (the first 1,000). */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** Rows in locked weeks (approved, pending approval or invoiced): listed and skipped. */
  locked: z.array(z.object({ line: z.number().int(), date: dateString, person: z.string(), reason: z.string() })),
  /** Seconds that would be added, per person and per project (locked and already imported rows left out). */
  totalSeconds: count,
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importCreated = z.object({
  rows: count,
  seconds: count,
  records: count,
  clients: count,
  projects: count,
  tasks: count,
  users: count,
});
export type ImportCreated = z.infer<typeof importCreated>;

export const importView = z.object({
  id: numericId,
  source: importSource,
  fileName: z.string(),
  status: z.enum(['previewed', 'applied', 'undone']),
  createdAt: dateTimeString,
  appliedAt: dateTimeString.nullable(),
  undoneAt: dateTimeString.nullable(),
  preview: importPreview,
  /** How the file's columns were read, for source `csv` (null for the trackers' own exports). */
  mapping: importMapping.nullable(),
  /** What the apply created (null before it). */
  created: importCreated.nullable(),
});
export type ImportView = z.infer<typeof importView>;

/** Every person of the file decided: an existing member of the team, or invited as a new one. */
export const applyImportBody = z.object({
  people: z.array(
    z.union([
      z.object({ key: z.string(), userId: numericId }),
      // The file's email is used; one is needed here when the file has none (Harvest exports have none).
      z.object({ key: z.string(), invite: z.literal(true), email: z.email().optional() }),
    ]),
  ),
});
export type ApplyImportBody = z.infer<typeof applyImportBody>;

const idParams = z.object({ import_id: numericIdParam });
const T = 'Imports';
export const importRoutes = {
  createImport: defineRoute({
    method: 'post',
    path: '/imports',
    tag: T,
    summary:
      "Upload another tracker's export (the file itself as the body) and preview what importing it would do; nothing is written to the team yet (admins)",
    query: z.object({
      source: importSource,
      name: z.string().trim().min(1).max(255).optional(),
      /** With source `csv`: the mapping (see importMapping) as JSON. */
      mapping: z.string().max(4000).optional(),
    }),
    consumes: 'text/csv',
    status: 201,
    response: importView,
    answers: {
      400: 'A csv import without its mapping',
      413: 'The file is larger than 200 MB',
      422: 'The file cannot be read (wrong source, encoding, cut off), or the mapping of a csv is missing or invalid: the message names the problem and the line',
    },
  }),
  listImports: defineRoute({
    method: 'get',
    path: '/imports',
    tag: T,
    summary: "The team's imports, newest first (admins)",
    status: 200,
    response: z.array(importView),
  }),
  getImport: defineRoute({
    method: 'get',
    path: '/imports/{import_id}',
    tag: T,
    summary: 'One import (admins)',
    params: idParams,
    status: 200,
    response: importView,
  }),
  applyImport: defineRoute({
    method: 'post',
    path: '/imports/{import_id}/apply',
    tag: T,
    summary: 'Apply a previewed import, all of it or nothing, with every person of the file decided (admins)',
    params: idParams,
    body: applyImportBody,
    status: 200,
    response: importView,
    answers: { 422: 'A person is not decided, the import is not previewed, or a decision names no member of the team' },
  }),
  undoImport: defineRoute({
    method: 'post',
    path: '/imports/{import_id}/undo',
    tag: T,
    summary: 'Undo an applied import: removes exactly the time, clients, projects, tasks and invited people it added (admins)',
    params: idParams,
    status: 200,
    response: importView,
    answers: { 422: 'The import is not applied, or some of its time is now locked' },
  }),
};
