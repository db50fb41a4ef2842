import fs from 'node:fs';
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { importSources, type ImportMapping, type ImportView } from '../../contract/imports.ts';
import { users } from '../db/schema/index.ts';
import { Scope } from '../db/scope.ts';
import { applyImport } from '../modules/imports/apply.ts';
import { openImportFile, removeImportFile, saveImportFile } from '../modules/imports/files.ts';
import { SOURCE_LABELS, type ImportSource } from '../modules/imports/rows.ts';
import { parseMapping } from '../modules/imports/sources.ts';
import { previewImport, type ImportDeps } from '../modules/imports/service.ts';
import { UsageError } from './args.ts';
import { formatClock } from '../../contract/durations.ts';

export interface ImportInput {
  source: ImportSource;
  mapping: ImportMapping | null;
  file: string;
  teamId: number | undefined;
  dryRun: boolean;
  yes: boolean;
}

export function parseImport(f: Record<string, string>): ImportInput {
  const source = f.from as ImportSource;
  if (!importSources.includes(source)) throw new UsageError(`--from "${f.from}" is not a source (one of ${importSources.join(', ')})`);
  if (!fs.existsSync(f.file!) || !fs.statSync(f.file!).isFile()) throw new UsageError(`--file ${f.file}: no such file`);
  if (f.team !== undefined && !/^\d{1,9}$/.test(f.team)) throw new UsageError(`--team "${f.team}" is not a team id`);
  return { source, mapping: mappingFlag(source, f.mapping), file: f.file!, teamId: f.team === undefined ? undefined : Number(f.team), dryRun: 'dry-run' in f, yes: 'yes' in f };
}

/** `--mapping M.json`: needed by `--from csv` (which column holds each field), refused with the other sources. */
function mappingFlag(source: ImportSource, file: string | undefined): ImportMapping | null {
  if (source !== 'csv') {
    if (file !== undefined) throw new UsageError('--mapping is only for --from csv');
    return null;
  }
  if (file === undefined) throw new UsageError('--from csv needs --mapping M.json: which column holds each field');
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`--mapping ${file}: no such file`);
  const parsed = parseMapping(fs.readFileSync(file, 'utf8'));
  if ('problem' in parsed) throw new UsageError(`--mapping ${file}: ${parsed.problem}`);
  return parsed.mapping;
}


/** The preview as lines of text. */
export function previewLines(view: ImportView, file: string): string[] {
  const p = view.preview;
  const c = p.counts;
  const lines = [
    `${SOURCE_LABELS[view.source]} ${file}: ${p.rows} rows read`,
    `Time rows: ${c.time.new} to add, ${c.time.skippedDuplicate} already imported, ${c.time.skippedLocked} in locked weeks (skipped), ${c.time.unreadable} unreadable`,
    `Clients: ${c.clients.new} new, ${c.clients.matched} existing. Projects: ${c.projects.new} new, ${c.projects.matched} existing. Tasks: ${c.tasks.new} new, ${c.tasks.matched} existing.`,
    'People:',
    ...p.people.map(
      (x) =>
        `  ${x.name}${x.email ? ` <${x.email}>` : ''}: ${x.rows} rows, ${formatClock(x.seconds)} -> ${x.match ? `${x.match.name} (same ${x.match.by})` : x.email ? 'invite as a new member' : 'no match, and no email to invite with'}`,
    ),
    'Projects:',
    ...p.projects.map((x) => `  ${x.name}${x.client ? ` (${x.client})` : ''}: ${formatClock(x.seconds)}, ${x.matched ? 'existing' : 'new'}`),
    ...p.locked.map((l) => `Skipped, locked: line ${l.line}, ${l.date}, ${l.person}: ${l.reason}`),
    `Total to add: ${formatClock(p.totalSeconds)}`,
  ];
  return lines;
}

class Rollback extends Error {}

/**
 * `import`: previews the file for the team and applies it with --yes (people found by email or name are
 * matched, the others invited). Without --yes, or with --dry-run, nothing is written. A file that cannot be
 * read, rows that cannot be read, or people who can be neither matched nor invited: one line per problem, exit 2.
 */
export async function runImport(deps: ImportDeps & { db: Scope['db'] }, teamId: number, input: ImportInput, out: (line: string) => void) {
  const [admin] = await deps.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) throw new UsageError(`Team ${teamId} has no active admin to import as`);
  const storageKey = await saveImportFile(
    deps.config.dataDir,
    teamId,
    Readable.toWeb(fs.createReadStream(input.file)) as ReadableStream<Uint8Array>,
  );
  const apply = input.yes && !input.dryRun;
  try {
    await new Scope(deps.db, teamId).tx(async (scope) => {
      const view = await previewImport(deps, scope, {
        source: input.source,
        mapping: input.mapping,
        fileName: input.file.split('/').pop()!,
        storageKey,
        actorId: admin.id,
      });
      for (const line of previewLines(view, input.file)) out(line);
      const problems = [
        ...view.preview.errors.map((e) => e.message),
        ...view.preview.people
          .filter((p) => !p.match && !p.email)
          .map((p) => `${p.name} matches nobody in the team and has no email to be invited with`),
      ];
      if (problems.length) throw new UsageError(problems.join('\n'));
      if (!apply) throw new Rollback();
      const people = view.preview.people.map((p) =>
        p.match ? { key: p.key, userId: p.match.userId } : { key: p.key, invite: true as const },
      );
      const who = { teamId: scope.teamId, actorId: admin.id, actorLabel: `${admin.name} (command line)`, address: '' };
      const created = await applyImport(deps, scope, view.id, admin.id, { people }, openImportFile(deps.config.dataDir, storageKey), who);
      out(
        `Applied as import ${view.id}: ${created.rows} rows (${formatClock(created.seconds)}) in ${created.records} new time records; ${created.clients} clients, ${created.projects} projects, ${created.tasks} tasks and ${created.users} invited people created.`,
      );
    });
  } catch (e) {
    await removeImportFile(deps.config.dataDir, storageKey);
    if (e instanceof Rollback) {
      out(input.dryRun ? 'Dry run: nothing was written.' : 'Nothing was written: run again with --yes to apply.');
      return;
    }
    throw e;
  }
}
