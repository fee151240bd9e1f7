// The two backends the end-to-end suite runs against: the server's own SQLite (project `chromium`)
// and PostgreSQL with Redis (project `postgres-redis`, the flows tagged @backends), the latter only
// when TEST_DATABASE_URL and REDIS_URL say where they are.

export const POSTGRES_PROJECT = 'postgres-redis';

/**
 * The tag of the flows project `postgres-redis` runs again: the ones that cross what differs there
 * (real time through Redis's Streams adapter, a stranger's request in its PostgreSQL transaction, a
 * match from two likes). The rest of what PostgreSQL and Redis do is the server suite's, which runs
 * whole on both databases: the same pages a second time would only cost CI minutes.
 */
export const BACKENDS_TAG = '@backends';

export const postgresEnabled = (): boolean => Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);

export const POSTGRES_SKIP_REASON =
  'end-to-end on PostgreSQL + Redis: TEST_DATABASE_URL and REDIS_URL not set (enable: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm test)';

/** The environment that points the operator CLI (npm run admin) at the database of `project`'s server. */
export function adminEnv(project: string): Record<string, string> {
  if (project === POSTGRES_PROJECT) {
    return { DATA_DIR: process.env.LINKUP_E2E_PG_DATA_DIR ?? '', DATABASE_URL: process.env.LINKUP_E2E_PG_DATABASE_URL ?? '' };
  }
  return { DATA_DIR: process.env.LINKUP_E2E_DATA_DIR ?? '', DATABASE_URL: '' };
}
