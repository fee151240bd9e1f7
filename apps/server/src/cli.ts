/**
 * `tsx src/cli.ts migrate` — bring the database schema up to date.
 * `tsx src/cli.ts seed`    — migrate, then seed the demo account and demo members (once).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { selectStorage } from './adapters/select';
import { loadConfig, REPO_ROOT } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_ACCOUNT } from './seed/demo-account';
import { seedDemoData } from './seed/seed';

const COMMANDS = ['migrate', 'seed'] as const;
type Command = (typeof COMMANDS)[number];

const say = (line: string) => process.stdout.write(`${line}\n`);

async function run(command: Command): Promise<void> {
  const envFile = path.join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  try {
    say(`Database: ${database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite (${database.file})`}`);
    const migrated = await migrateToLatest(database.db);
    const applied = migrated.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    say(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Schema is up to date.');

    if (command === 'seed') {
      const stores = selectStorage(config);
      try {
        const result = await seedDemoData(database.db, { count: config.demoMemberCount, storage: stores.photos, log: say });
        if (!result.skipped) say(`Photos are in ${config.s3 ? `S3 bucket ${config.s3.bucket} (media/)` : path.join(config.dataDir, 'media')}`);
      } finally {
        stores.close();
      }
      say(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.mobile} (password in the README)`);
    }
  } finally {
    await database.close();
  }
}

const command = process.argv[2];
if (!COMMANDS.includes(command as Command)) {
  process.stderr.write(`Usage: tsx src/cli.ts ${COMMANDS.join('|')}\n`);
  process.exit(2);
}
run(command as Command).catch((error: unknown) => {
  process.stderr.write(`${command} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
