/**
 * The sources an import reads and the fields a mapped CSV fills, in a file of its own without zod, so the
 * Import screen draws its choices without loading the contract's schemas.
 */

export const importSources = ['toggl', 'clockify', 'harvest', 'kimai', 'csv'] as const;
export type ImportSourceName = (typeof importSources)[number];

/** The fields a row of any other CSV can fill, each from a column the admin chooses. */
export const mappedFields = [
  'date',
  'person',
  'email',
  'client',
  'project',
  'task',
  'note',
  'billable',
  'start',
  'end',
  'duration',
] as const;
export type MappedField = (typeof mappedFields)[number];

/** Largest export accepted, in bytes. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
