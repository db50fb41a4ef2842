/**
 * `npm test`: every test layer in sequence, failing fast. Installs Debian's Chromium for the e2e layer when
 * it is missing (as root). Layers: vitest (server + web, embedded database), the server suite again on
 * PostgreSQL when TEST_DATABASE_URL is set, the production build, then Playwright when configured.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = '/usr/bin/chromium';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

function run(step: Step): void {
  console.log(`\n▶ ${step.name}: ${[path.basename(step.command), ...step.args].join(' ')}`);
  const started = Date.now();
  const res = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: step.env ?? process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.error) fail(`${step.name} could not start: ${res.error.message}`);
  if (res.status !== 0)
    fail(`${step.name} failed (${res.signal ? `signal ${res.signal}` : `exit code ${res.status}`}) after ${secs} s`, res.status ?? 1);
  console.log(`✔ ${step.name} passed in ${secs} s`);
}

function fail(message: string, code = 1): never {
  console.error(`\n✘ ${message}`);
  process.exit(code || 1);
}

/** Debian's Chromium for Playwright: installed with apt-get when missing, which needs root. */
function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    fail(`${CHROMIUM} is missing and installing it needs root. Run: sudo apt-get update && sudo apt-get install -y chromium`);
  }
  run({
    name: 'install Chromium',
    command: 'bash',
    args: ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium'],
  });
  if (!fs.existsSync(CHROMIUM)) fail(`apt-get finished but ${CHROMIUM} is still missing`);
}

const withoutPostgres: NodeJS.ProcessEnv = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;
const hasE2e = fs.existsSync(path.join(root, 'playwright.config.ts'));

if (hasE2e) ensureChromium();
run({ name: 'unit and API tests (embedded database)', command: bin('vitest'), args: ['run'], env: withoutPostgres });
if (process.env.TEST_DATABASE_URL) {
  run({ name: 'API tests on PostgreSQL', command: bin('vitest'), args: ['run', '--project', 'server'] });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL pass)');
}
run({ name: 'production build', command: bin('vite'), args: ['build'] });
if (hasE2e) run({ name: 'end-to-end tests in Chromium', command: bin('playwright'), args: ['test'] });
else console.log('\n(no playwright.config.ts: skipping the end-to-end layer)');
console.log('\nAll test layers passed.');
