/**
 * Operator commands: `npm run admin -- <command> …`
 *   grant-premium <email|mobile> <days>   premium for that many days (until purchases exist)
 *   grant-role <email|mobile> moderator|admin    opens the moderation console (issue 30)
 *   revoke-role <email|mobile> moderator|admin
 *   transparency-report --from <date> --to <date>   moderation figures of a period, as JSON
 *   jobs failed [--limit N]   jobs that failed their last attempt (BullMQ with REDIS_URL, else the database)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { selectJobs } from '../adapters/select';
import { loadConfig, REPO_ROOT } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { systemClock } from '../lib/clock';
import { AdminError, grantPremiumCommand, jobsCommand, roleCommand, transparencyReportCommand } from './admin';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function run(command: string | undefined, args: string[]): Promise<void> {
  const commands = ['grant-premium', 'grant-role', 'revoke-role', 'transparency-report', 'jobs'];
  if (!command || !commands.includes(command)) {
    throw new AdminError('Usage: npm run admin -- grant-premium <email|mobile> <days> | grant-role|revoke-role <email|mobile> moderator|admin | transparency-report --from <date> --to <date> | jobs failed [--limit N]');
  }
  const envFile = path.join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  try {
    await migrateToLatest(database.db);
    const region = config.defaultPhoneRegion;
    if (command === 'grant-premium') say(await grantPremiumCommand(database.db, args, region));
    else if (command === 'transparency-report') say(await transparencyReportCommand(database.db, args));
    else if (command === 'jobs') {
      const jobs = selectJobs(config, database.db, systemClock, pino({ level: 'warn' }));
      try {
        say(await jobsCommand(jobs, args));
      } finally {
        await jobs.close();
      }
    }
    else say(await roleCommand(database.db, command === 'grant-role', args, region));
  } finally {
    await database.close();
  }
}

run(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = error instanceof AdminError ? 2 : 1;
});
