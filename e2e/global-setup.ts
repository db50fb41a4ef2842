import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADA, AUTO_LOCK_ADMIN, PASSWORD_MEMBERS, SOLO_ADMIN, TEAM_NAME, TWO_FACTOR_ADMIN, type PasswordMember, type PasswordMemberSlot } from './fixtures.ts';
import { startStaticServer } from './static-server.ts';

const repo = path.resolve(import.meta.dirname, '..');
const cliEntry = path.join(repo, 'server/cli/main.ts');

/** Fresh database, one admin made with the real CLI, the real API, and the production build. */
export default async function globalSetup() {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timekeep-e2e-'));
  await waitForCli();
  // The CLI runs first: the running API holds the embedded database's lock.
  const team = cli<{ id: number }>(dataDir, ['team', 'add', '--name', TEAM_NAME]);
  const created = cli<{ id: number; apiKey: string }>(dataDir, [
    'user',
    'add',
    '--name',
    ADA.name,
    '--email',
    ADA.email,
    '--role',
    ADA.role,
    '--password',
    ADA.password,
    '--team',
    String(team.id),
  ]);
  if (!created.apiKey) throw new Error('The CLI printed no apiKey');
  // Members (and a supervisor) with a password, for the journeys that sign in through the OAuth pages.
  const members: Partial<Record<PasswordMemberSlot, PasswordMember>> = {};
  for (const [slot, m] of Object.entries(PASSWORD_MEMBERS) as [PasswordMemberSlot, (typeof PASSWORD_MEMBERS)[PasswordMemberSlot]][]) {
    const made = cli<{ id: number; apiKey: string }>(dataDir, [
      'user',
      'add',
      '--name',
      m.name,
      '--email',
      m.email,
      '--role',
      'role' in m ? m.role : 'member',
      '--password',
      m.password,
      '--team',
      String(team.id),
    ]);
    if (!made.apiKey) throw new Error(`The CLI printed no apiKey for ${m.email}`);
    members[slot] = { id: made.id, name: m.name, email: m.email, password: m.password, apiKey: made.apiKey };
  }

  // A team whose only admin is this one: the forms journey asks the server to demote its last admin.
  const soloTeam = cli<{ id: number }>(dataDir, ['team', 'add', '--name', SOLO_ADMIN.team]);
  const solo = cli<{ id: number; apiKey: string }>(dataDir, [
    'user',
    'add',
    '--name',
    SOLO_ADMIN.name,
    '--email',
    SOLO_ADMIN.email,
    '--role',
    'admin',
    '--team',
    String(soloTeam.id),
  ]);

  // A team of its own for the two-factor journeys: requiring two-factor there reaches nobody else.
  const twoFactorTeam = cli<{ id: number }>(dataDir, ['team', 'add', '--name', TWO_FACTOR_ADMIN.team]);
  const twoFactorAdmin = cli<{ id: number; apiKey: string }>(dataDir, [
    'user',
    'add',
    '--name',
    TWO_FACTOR_ADMIN.name,
    '--email',
    TWO_FACTOR_ADMIN.email,
    '--role',
    'admin',
    '--team',
    String(twoFactorTeam.id),
  ]);

  // A team of its own for the automatic lock and the reminder schedule: its settings reach nobody else.
  const autoLockTeam = cli<{ id: number }>(dataDir, ['team', 'add', '--name', AUTO_LOCK_ADMIN.team]);
  const autoLockAdmin = cli<{ id: number; apiKey: string }>(dataDir, [
    'user',
    'add',
    '--name',
    AUTO_LOCK_ADMIN.name,
    '--email',
    AUTO_LOCK_ADMIN.email,
    '--role',
    'admin',
    '--team',
    String(autoLockTeam.id),
  ]);

  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // Reserve the web port first so the API's CORS origin is known before either starts.
  const web = await startStaticServer(path.join(repo, 'dist'), apiUrl);
  const api = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'server/main.ts')], {
    cwd: repo,
    // Every journey's browser signs in from 127.0.0.1, as an office behind one address does: no allowance is raised for it.
    env: {
      ...process.env,
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      WEB_ORIGINS: web.url,
      PUBLIC_URL: apiUrl,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_TIMEOUT_MS: '3000',
      // Journeys count notifications: reminders on the real clock would come and go with the hour of the run.
      REMINDERS_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.env.E2E_WEB_URL = web.url;
  process.env.E2E_API_URL = apiUrl;
  process.env.E2E_API_KEY = created.apiKey;
  process.env.E2E_MEMBERS = JSON.stringify(members);
  process.env.E2E_SOLO_ADMIN_KEY = solo.apiKey;
  process.env.E2E_TWO_FACTOR_ADMIN_KEY = twoFactorAdmin.apiKey;
  process.env.E2E_AUTO_LOCK_ADMIN_KEY = autoLockAdmin.apiKey;

  try {
    await waitForApi(apiUrl, api);
    // The reports' month is seeded here, once, before any worker starts: two files that read it (reports, dark
    // theme) run side by side, and each seeding it on finding it missing would seed it twice.
    const { seedReports } = await import('./reports-helpers.ts');
    await seedReports(members.reports!.id);
  } catch (e) {
    api.kill('SIGTERM');
    await web.close();
    throw e;
  }

  return async () => {
    await web.close();
    await stop(api);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Runs the real CLI on the test database and reads the JSON it prints. */
function cli<T>(dataDir: string, args: string[]): T {
  const out = execFileSync(process.execPath, ['--import', 'tsx', cliEntry, ...args], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '') as T;
}

/** `vite build` when dist/ is missing or older than any source of the app. */
function buildIfStale() {
  const built = path.join(repo, 'dist/index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  // scripts/ holds the build's own plugins (vite.config.ts imports them).
  const sources = ['src', 'public', 'contract', 'scripts', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) =>
    path.join(repo, p),
  );
  if (builtAt > 0 && newestMtime(sources) <= builtAt) return;
  execFileSync(process.execPath, [path.join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: repo,
    stdio: 'inherit',
  });
}

function newestMtime(paths: string[]): number {
  let newest = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) continue;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) newest = Math.max(newest, newestMtime(fs.readdirSync(p).map((n) => path.join(p, n))));
    else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

async function waitForCli() {
  const deadline = Date.now() + 5 * 60_000;
  while (!fs.existsSync(cliEntry)) {
    if (Date.now() > deadline) throw new Error(`${cliEntry} does not exist: the e2e setup needs the CLI to create its user.`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForApi(url: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`The API exited with code ${exited} before answering`);
    try {
      const res = await fetch(`${url}/openapi.json`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The API did not answer at ${url} within 90 s`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
