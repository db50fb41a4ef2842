/**
 * `npm start`: opens the database (migrations apply), loads the demo team on first run, starts the API
 * and the Vite dev server, and prints both URLs and the demo sign-in. Ctrl+C stops both.
 */
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { loadConfig } from '../server/config.ts';
import { DatabaseInUseError, openDatabase } from '../server/db/client.ts';
import { users } from '../server/db/schema/index.ts';
import { Secrets } from '../server/lib/secrets.ts';
import { startApi } from '../server/main.ts';
import { demoBudgetNote, demoSignIn, seedDemo, type DemoResult } from '../server/seed/demo.ts';
import { storageFor } from '../server/modules/attachments/storage.ts';

const WEB_PORT = 5173;

/** Serves `/config.json` with the API this process started, whatever PORT it runs on. */
const apiConfigPlugin = (apiBaseUrl: string): Plugin => ({
  name: 'timekeep-api-config',
  configureServer(server) {
    server.middlewares.use('/config.json', (_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify({ apiBaseUrl }));
    });
  },
});

/** Where notification emails go: the SMTP server's address (never its password), or that mail is off. */
function mailLine(smtpUrl: string | undefined, from: string | undefined): string {
  if (!smtpUrl) return '    Mail     off (no SMTP_URL): notifications arrive in the app only';
  const u = new URL(smtpUrl);
  return `    Mail     ${u.protocol}//${u.host} from ${from ?? ''}`;
}

function printSignIn(demo: DemoResult | undefined, apiUrl: string, webUrl: string, mail: string) {
  const lines = [
    '',
    `  Timekeep is running.`,
    `    Web app  ${webUrl}`,
    `    API      ${apiUrl}   (OpenAPI: ${apiUrl}/openapi.json)`,
    mail,
    '',
  ];
  if (demo && demo.accounts.length) {
    lines.push(`  Demo team "${demo.teamName}": sign in with`);
    for (const a of demo.accounts) lines.push(`    ${a.role.padEnd(15)} ${a.email.padEnd(28)} ${a.password}`);
    const note = demoBudgetNote();
    if (note) lines.push('', `  Budgets: ${note}`);
    const admin = demo.accounts.find((a) => a.role === 'admin');
    if (admin) lines.push('', `  Admin API key (X-Api-Key): ${admin.apiKey}`);
    lines.push(
      `  Two-factor sign-in: each person turns it on at ${apiUrl}/oauth/account; the admin can require it for the team (Team screen).`,
    );
  } else {
    lines.push('  No demo team in this database. Add a user with: npm run cli -- user add --name N --email E --role admin --password P');
  }
  lines.push('', '  Press Ctrl+C to stop.', '');
  console.log(lines.join('\n'));
}

async function main() {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  let demo: DemoResult | undefined;
  try {
    const secrets = Secrets.load(config.secret, config.dataDir);
    const [first] = await database.db.select({ id: users.id }).from(users).limit(1);
    if (!first) {
      console.log('First run: loading the demo team…');
      demo = await seedDemo(database.db, secrets, new Date(), storageFor(config));
    } else {
      demo = await demoSignIn(database.db, secrets);
    }
  } catch (e) {
    await database.close();
    throw e;
  }
  const api = await startApi(process.env, { database });
  let vite: ViteDevServer | undefined;
  try {
    vite = await createServer({ plugins: [apiConfigPlugin(api.url)], server: { host: '127.0.0.1', port: WEB_PORT, strictPort: true } });
    await vite.listen();
  } catch (e) {
    await api.stop();
    throw e;
  }
  const webUrl = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? `http://127.0.0.1:${WEB_PORT}`;
  printSignIn(demo, api.url, webUrl, mailLine(config.smtpUrl, config.mailFrom));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await Promise.allSettled([vite?.close(), api.stop()]);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((e: unknown) => {
  if (e instanceof DatabaseInUseError) console.error(e.message);
  else if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
    console.error(`A port is already in use: ${(e as Error).message}. Is Timekeep already running?`);
  else console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
