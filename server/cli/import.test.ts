import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-cli-import-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const fixture = (name: string) => path.join(root, 'server/modules/imports/fixtures', name);

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SECRET: '' };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/cli/main.ts', ...args],
      { cwd: root, env, timeout: 120_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

async function counts() {
  const database = await openPglite(dataDir, { migrate: false });
  try {
    const one = async (q: ReturnType<typeof sql>) =>
      Number(((await database.db.execute(q)) as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
    return {
      seconds: await one(sql`select coalesce(sum(time), 0) as n from time_records`),
      imports: await one(sql`select count(*) as n from imports`),
      invited: await one(sql`select count(*) as n from users where status = 'invited'`),
      files: fs.existsSync(path.join(dataDir, 'imports')) ? fs.readdirSync(path.join(dataDir, 'imports')).length : 0,
    };
  } finally {
    await database.close();
  }
}

describe('npm run cli -- import', () => {
  it('prints the preview and writes nothing without --yes or with --dry-run; applies with --yes, once', async () => {
    expect((await cli('user', 'add', '--name', 'Admin', '--email', 'admin@example.test', '--role', 'admin')).code).toBe(0);
    const preview = await cli('import', '--from', 'toggl', '--file', fixture('toggl-detailed.csv'));
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('194 rows read');
    expect(preview.stdout).toContain('Time rows: 194 to add, 0 already imported, 0 in locked weeks (skipped), 0 unreadable');
    expect(preview.stdout).toContain('  Zoë Chen <zoe.chen@example.test>: 61 rows, 46:30:00 -> invite as a new member');
    expect(preview.stdout).toContain('Total to add: 263:30:00');
    expect(preview.stdout.trim().split('\n').at(-1)).toBe('Nothing was written: run again with --yes to apply.');
    const dry = await cli('import', '--from', 'toggl', '--file', fixture('toggl-detailed.csv'), '--dry-run', '--yes');
    expect(dry.stdout.trim().split('\n').at(-1)).toBe('Dry run: nothing was written.');
    expect(await counts()).toEqual({ seconds: 0, imports: 0, invited: 0, files: 0 });

    const applied = await cli('import', '--from', 'toggl', '--file', fixture('toggl-detailed.csv'), '--yes');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(
      /Applied as import \d+: 194 rows \(263:30:00\) in 194 new time records; 2 clients, 5 projects, 15 tasks and 3 invited people created\./,
    );
    expect(await counts()).toEqual({ seconds: 948_600, imports: 1, invited: 3, files: 1 });

    const again = await cli('import', '--from', 'clockify', '--file', fixture('clockify-detailed-us.csv'), '--yes');
    expect(again.code).toBe(0);
    // Another source: its rows are new to the fingerprints of Clockify, and the people are matched by email now.
    expect(again.stdout).toContain('(same email)');
    const twice = await cli('import', '--from', 'toggl', '--file', fixture('toggl-detailed.csv'), '--yes');
    expect(twice.stdout).toContain('Time rows: 0 to add, 194 already imported');
  }, 180_000);

  it('exits 2 with one line per problem on a bad file, writing nothing', async () => {
    const before = await counts();
    const wrong = await cli('import', '--from', 'harvest', '--file', fixture('toggl-detailed.csv'), '--yes');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^timekeep: Line 1: this is not a Harvest detailed time report: the header lacks the columns /),
    ]);
    const lines = fs.readFileSync(fixture('harvest-detailed.csv'), 'utf8').split('\r\n');
    lines[2] = lines[2]!.replace('2026-01-05', '2026-02-30');
    lines[3] = lines[3]!.replace(',0.75,0.75,', ',lots,0.75,');
    const bad = path.join(dataDir, 'bad.csv');
    fs.writeFileSync(bad, lines.join('\r\n'));
    const rows = await cli('import', '--from', 'harvest', '--file', bad, '--yes');
    expect(rows.code).toBe(2);
    expect(rows.stderr.trim().split('\n')).toEqual([
      'timekeep: Line 3: Date "2026-02-30" is not a date',
      'Line 4: Hours "lots" is not a duration',
    ]);
    expect(await counts()).toEqual(before);
    expect((await cli('import', '--from', 'paymo', '--file', bad)).stderr).toContain('--from "paymo" is not a source');
  }, 120_000);

  it('reads any other CSV with --mapping, and says what is wrong with a missing or bad one', async () => {
    const file = fixture('generic-semicolon.csv');
    const mappingFile = path.join(dataDir, 'mapping.json');
    const columns = { date: 'Datum', person: 'Mitarbeiter', email: 'E-Mail', project: 'Projekt', task: 'Aufgabe', duration: 'Dauer' };
    const none = await cli('import', '--from', 'csv', '--file', file);
    expect(none).toMatchObject({ code: 2, stderr: 'timekeep: --from csv needs --mapping M.json: which column holds each field\n' });
    fs.writeFileSync(mappingFile, JSON.stringify({ columns: { ...columns, duration: undefined } }));
    const bad = await cli('import', '--from', 'csv', '--file', file, '--mapping', mappingFile);
    expect(bad.stderr).toContain("The mapping's columns.duration: Choose a duration column, or both start and end columns");
    fs.writeFileSync(mappingFile, JSON.stringify({ columns }));
    const preview = await cli('import', '--from', 'csv', '--file', file, '--mapping', mappingFile);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('CSV with chosen columns');
    expect(preview.stdout).toContain('194 rows read');
    expect(preview.stdout).toContain('Total to add: 263:30:00');
    expect((await cli('import', '--from', 'toggl', '--file', file, '--mapping', mappingFile)).stderr).toContain(
      '--mapping is only for --from csv',
    );
  }, 120_000);
});
