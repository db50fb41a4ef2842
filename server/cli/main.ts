import { loadConfig } from '../config.ts';
import { DatabaseInUseError, openDatabase } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { Secrets } from '../lib/secrets.ts';
import { parseFlags, UsageError } from './args.ts';
import { findCommand, usage } from './commands.ts';

/** Runs one CLI command; answers the exit code (0 ok, 1 runtime failure, 2 bad arguments). */
export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    const [first, second] = argv;
    if (first === 'help' || first === '--help' || first === '-h') {
      console.log(usage());
      return 0;
    }
    if (first === undefined) throw new UsageError('No command given (try "help")');
    const cmd = findCommand(first, second);
    const input = cmd.parse(parseFlags(argv.slice(cmd.words.length), cmd.flags));
    const config = loadConfig(env);
    const database = await openDatabase(config);
    try {
      await cmd.run(
        { db: database.db, secrets: Secrets.load(config.secret, config.dataDir), config, out: (line) => console.log(line) },
        input,
      );
    } finally {
      await database.close();
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError || (e instanceof ApiError && e.status === 422)) {
      console.error(`timekeep: ${e.message}`);
      return 2;
    }
    if (e instanceof DatabaseInUseError) {
      console.error(`timekeep: ${e.message}`);
      return 1;
    }
    console.error(`timekeep: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runCli(process.argv.slice(2)));
}
