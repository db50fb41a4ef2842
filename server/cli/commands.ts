import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { role as roleSchema, roles, type Role } from '../../contract/users.ts';
import type { Db } from '../db/client.ts';
import { teams, users } from '../db/schema/index.ts';
import { hashPassword, passwordProblem } from '../lib/passwords.ts';
import type { Secrets } from '../lib/secrets.ts';
import { seedDemo } from '../seed/demo.ts';
import { createTeam, createUser } from '../modules/users/service.ts';
import { UsageError, type FlagSpec } from './args.ts';
import type { Config } from '../config.ts';
import { parseImport, runImport } from './import.ts';
import { runDigests } from '../modules/reminders/digest.ts';
import { runReportMails } from '../modules/reports/mail.ts';
import { runReminders } from '../modules/reminders/run.ts';
import { isDate } from '../../contract/weeks.ts';

export interface CliContext {
  db: Db;
  secrets: Secrets;
  config: Config;
  /** One line on stdout. */
  out(line: string): void;
}

export interface Command<I = unknown> {
  /** One or two words (`import`, `user add`). */
  words: readonly [string] | readonly [string, string];
  usage: string;
  flags: FlagSpec;
  /** Checks the flags before the database is opened. */
  parse(flags: Record<string, string>): I;
  run(ctx: CliContext, input: I): Promise<void>;
}

/** The team a user is added to when none is named. */
export const DEFAULT_TEAM_NAME = 'My team';

const nameOf = (v: string, what = 'name') => {
  const s = v.trim();
  if (s.length > 200) throw new UsageError(`--${what} must be at most 200 characters`);
  return s;
};
const emailOf = (v: string) => {
  const r = z.email().max(320).safeParse(v.trim());
  if (!r.success) throw new UsageError(`--email "${v}" is not an email address`);
  return r.data.toLowerCase();
};
const roleOf = (v: string): Role => {
  const r = roleSchema.safeParse(v);
  if (!r.success) throw new UsageError(`--role "${v}" is not a role (one of ${roles.join(', ')})`);
  return r.data;
};
const passwordOf = (v: string | undefined) => {
  if (v === undefined) return undefined;
  const problem = passwordProblem(v);
  if (problem) throw new UsageError(`--password ${problem}`);
  return v;
};
const teamIdOf = (v: string | undefined) => {
  if (v === undefined) return undefined;
  if (!/^\d{1,9}$/.test(v) || Number(v) < 1) throw new UsageError(`--team "${v}" is not a team id`);
  return Number(v);
};

/** A moment as ISO 8601 with its offset or Z (`2026-11-27T15:00:00Z`). */
const momentOf = (v: string) => {
  const d = new Date(v);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(v) || !isDate(v.slice(0, 10)) || Number.isNaN(d.getTime()))
    throw new UsageError(`--at "${v}" is not an ISO time with its offset (e.g. 2026-11-27T15:00:00Z)`);
  return d;
};

const define = <I>(c: Command<I>) => c as Command<unknown>;

/** The team for a new user: the given one, else the only one (created when there is none). */
async function resolveTeam(db: Db, teamId: number | undefined) {
  if (teamId !== undefined) {
    const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).limit(1);
    if (!team) throw new UsageError(`Team ${teamId} does not exist`);
    return team.id;
  }
  const existing = await db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.id)).limit(2);
  if (existing.length > 1) throw new UsageError('There are several teams: say which one with --team ID');
  if (existing.length === 1) return existing[0]!.id;
  return (await createTeam(db, DEFAULT_TEAM_NAME)).id;
}

export const commands: Command[] = [
  define({
    words: ['team', 'add'],
    usage: 'team add --name NAME',
    flags: { required: ['name'] },
    parse: (f) => ({ name: nameOf(f.name!) }),
    async run(ctx, input) {
      const team = await createTeam(ctx.db, input.name);
      ctx.out(JSON.stringify({ id: team.id }));
    },
  }),
  define({
    words: ['user', 'add'],
    usage: `user add --name NAME --email EMAIL --role ${roles.join('|')} [--password PASSWORD] [--team ID]`,
    flags: { required: ['name', 'email', 'role'], optional: ['password', 'team'] },
    parse: (f) => ({
      name: nameOf(f.name!),
      email: emailOf(f.email!),
      role: roleOf(f.role!),
      password: passwordOf(f.password),
      teamId: teamIdOf(f.team),
    }),
    async run(ctx, input) {
      const teamId = await resolveTeam(ctx.db, input.teamId);
      const { row, apiKey } = await createUser(ctx.db, ctx.secrets, {
        teamId,
        name: input.name,
        email: input.email,
        role: input.role,
        password: input.password,
      });
      ctx.out(JSON.stringify({ id: row.id, apiKey }));
    },
  }),
  define({
    words: ['user', 'set-password'],
    usage: 'user set-password --email EMAIL --password PASSWORD [--team ID]',
    flags: { required: ['email', 'password'], optional: ['team'] },
    parse: (f) => ({ email: emailOf(f.email!), password: passwordOf(f.password)!, teamId: teamIdOf(f.team) }),
    async run(ctx, input) {
      // An email is unique within a team only: with several, the team says which user.
      const found = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), input.teamId === undefined ? undefined : eq(users.teamId, input.teamId)))
        .limit(2);
      if (found.length === 0) throw new UsageError(`No user has the email ${input.email}${input.teamId === undefined ? '' : ` in team ${input.teamId}`}`);
      if (found.length > 1) throw new UsageError('Users of several teams have this email: say which team with --team ID');
      const id = found[0]!.id;
      await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, id));
      ctx.out(JSON.stringify({ id }));
    },
  }),
  define({
    words: ['seed', 'demo'],
    usage: 'seed demo',
    flags: { required: [] },
    parse: () => ({}),
    async run(ctx) {
      const result = await seedDemo(ctx.db, ctx.secrets);
      if (!result.created) {
        ctx.out(`The demo team "${result.teamName}" already exists (team ${result.teamId}); nothing to do.`);
        return;
      }
      const n = result.counts;
      ctx.out(
        `Created the demo team "${result.teamName}" (team ${result.teamId})${n ? `: ${n.clients} clients, ${n.projects} projects, ${n.tasks} tasks, ${n.timeRecords} time records` : ''}.`,
      );
      ctx.out('Sign in with:');
      for (const u of result.accounts) ctx.out(`  ${u.role.padEnd(15)} ${u.email.padEnd(32)} password ${u.password}`);
    },
  }),
  define({
    words: ['notify', 'run'],
    usage: 'notify run --at ISO-TIME   (sends the reminders, digests and saved reports due at that moment, each once, and prints how many of each kind)',
    flags: { required: ['at'] },
    parse: (f) => ({ at: momentOf(f.at!) }),
    async run(ctx, input) {
      const counts = await runReminders(ctx, input.at);
      // Reviewers' digests are counted only when some went out (the line stays as it was for reminders alone).
      const digests = await runDigests(ctx, input.at);
      const reports = await runReportMails(ctx, input.at, (message, fields) => console.error(`${message}: ${JSON.stringify(fields)}`));
      ctx.out(
        JSON.stringify({
          at: input.at.toISOString(),
          ...counts,
          ...(digests ? { 'digest.waiting': digests } : {}),
          ...(reports ? { 'report.scheduled': reports } : {}),
        }),
      );
    },
  }),
  define({
    words: ['import'],
    usage:
      'import --from toggl|clockify|harvest|kimai|csv --file FILE [--mapping M.json] [--team ID] [--dry-run] [--yes]   (prints the preview; applies only with --yes: people found by email or name are matched, the others invited; csv needs --mapping)',
    flags: { required: ['from', 'file'], optional: ['team', 'mapping'], switches: ['dry-run', 'yes'] },
    parse: parseImport,
    async run(ctx, input) {
      const teamId = await existingTeam(ctx.db, input.teamId);
      await runImport({ db: ctx.db, secrets: ctx.secrets, config: ctx.config, clock: () => new Date() }, teamId, input, ctx.out);
    },
  }),
];

/** The given team, else the only one; never creates one. */
async function existingTeam(db: Db, teamId: number | undefined) {
  const found = await db
    .select({ id: teams.id })
    .from(teams)
    .where(teamId === undefined ? undefined : eq(teams.id, teamId))
    .orderBy(asc(teams.id))
    .limit(2);
  if (found.length === 0) throw new UsageError(teamId === undefined ? 'There is no team yet' : `Team ${teamId} does not exist`);
  if (found.length > 1) throw new UsageError('There are several teams: say which one with --team ID');
  return found[0]!.id;
}

export const usage = () => ['Usage: npm run cli -- <command>', ...commands.map((c) => `  ${c.usage}`)].join('\n');

export function findCommand(first: string | undefined, second: string | undefined): Command {
  const cmd = commands.find((c) => c.words[0] === first && (c.words.length === 1 || c.words[1] === second));
  if (!cmd) {
    const given = [first, second].filter(Boolean).join(' ');
    throw new UsageError(`Unknown command "${given}" (commands: ${commands.map((c) => c.words.join(' ')).join(', ')})`);
  }
  return cmd;
}
