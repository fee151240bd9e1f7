import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index';

const provider = { getMigrations: async () => migrations };
/** Each issue has its migration number reserved, and issues land in any order: run what is pending. */
const options = { provider, allowUnorderedMigrations: true };

/** Runs every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, ...options });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}

/** Rolls every migration back (tests use it to prove `down` works on both databases). */
export async function migrateToBottom<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, ...options });
  for (;;) {
    const result = await migrator.migrateDown();
    if (result.error) throw result.error;
    if (!result.results?.length) return;
  }
}
