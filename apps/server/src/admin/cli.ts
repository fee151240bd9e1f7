/**
 * Operator commands: `npm run admin -- <command> …`
 *   grant-premium <email|mobile> <days>   premium for that many days (until purchases exist)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { AdminError, grantPremiumCommand } from './admin';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function run(command: string | undefined, args: string[]): Promise<void> {
  if (command !== 'grant-premium') throw new AdminError('Usage: npm run admin -- grant-premium <email|mobile> <days>');
  const envFile = path.join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  try {
    await migrateToLatest(database.db);
    say(await grantPremiumCommand(database.db, args, config.defaultPhoneRegion));
  } finally {
    await database.close();
  }
}

run(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = error instanceof AdminError ? 2 : 1;
});
