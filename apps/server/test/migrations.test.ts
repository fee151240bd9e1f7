import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { migrateToBottom, migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';

async function tableNames(database: TestDatabase): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return tables.map((t) => t.name).sort();
}

describe(`migrations (${process.env.LINKUP_TEST_DIALECT ?? 'sqlite'})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => database.destroy());

  it('migrate up creates every table and records each migration once', async () => {
    const first = await migrateToLatest(database.db);
    expect(first.results?.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => 'Success'));
    expect(await tableNames(database)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'user_photos', 'interests', 'user_interests', 'dev_outbox', 'otp_codes', 'password_resets', 'auth_events']),
    );
    const again = await migrateToLatest(database.db);
    expect(again.results).toEqual([]);
    const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
    expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it('round-trips timestamps as ISO strings and booleans on this dialect', async () => {
    const now = new Date().toISOString();
    await database.db.insertInto('users').values({
      id: 'u1', name: 'A', email: 'a@example.test', phone_number: null, password_hash: null, date_of_birth: null,
      gender: null, about: null, city: null, province: null, location_cell: null, marital_status: null,
      body_type: null, relationship_type: null, how_often_drink: null, love_language: null, height_cm: null,
      job_title: null, education: null, profile_completed: true, onboarding_completed_at: now,
      email_verified_at: null, phone_verified_at: null, is_demo: false, last_active_at: null,
      created_at: now, updated_at: now,
    }).execute();
    const row = await database.db.selectFrom('users').selectAll().where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(row.onboarding_completed_at).toBe(now);
    expect(Boolean(row.profile_completed)).toBe(true);
    expect(Boolean(row.is_demo)).toBe(false);
    const later = await database.db.selectFrom('users').select('id').where('created_at', '<', new Date(Date.now() + 1000).toISOString()).execute();
    expect(later).toHaveLength(1);
  });

  it('enforces unique e-mails and mobiles', async () => {
    const now = new Date().toISOString();
    const base = { name: 'B', password_hash: null, created_at: now, updated_at: now, profile_completed: false, is_demo: false };
    await expect(database.db.insertInto('users').values({ ...base, id: 'u2', email: 'a@example.test' } as never).execute()).rejects.toThrow();
  });

  it('migrate down removes everything again', async () => {
    await migrateToBottom(database.db);
    const left = (await tableNames(database)).filter((n) => !n.startsWith('kysely_'));
    expect(left).toEqual([]);
  });
});
