import { afterEach, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { migrateToBottom, migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';

async function tableNames(database: TestDatabase): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return tables.map((t) => t.name).sort();
}

const userRow = (id: string, email: string, now: string) => ({
  id, name: 'A', email, phone_number: null, password_hash: null, date_of_birth: null,
  gender: null, about: null, city: null, province: null, location_cell: null, marital_status: null,
  body_type: null, relationship_type: null, how_often_drink: null, love_language: null, height_cm: null,
  job_title: null, education: null, profile_completed: true, onboarding_completed_at: now,
  email_verified_at: null, phone_verified_at: null, is_demo: false, last_active_at: null,
  created_at: now, updated_at: now,
});

describe(`migrations (${process.env.LINKUP_TEST_DIALECT ?? 'sqlite'})`, () => {
  // Each test its own database, so none depends on what another did first.
  const opened: TestDatabase[] = [];
  const fresh = async (migrate: boolean) => {
    const database = await createTestDatabase({ migrate });
    opened.push(database);
    return database;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.destroy()));
  });

  it('migrate up creates every table and records each migration once', async () => {
    const database = await fresh(false);
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
    const database = await fresh(true);
    const now = new Date().toISOString();
    await database.db.insertInto('users').values(userRow('u1', 'a@example.test', now)).execute();
    const row = await database.db.selectFrom('users').selectAll().where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(row.onboarding_completed_at).toBe(now);
    expect(Boolean(row.profile_completed)).toBe(true);
    expect(Boolean(row.is_demo)).toBe(false);
    const later = await database.db.selectFrom('users').select('id').where('created_at', '<', new Date(Date.now() + 1000).toISOString()).execute();
    expect(later).toHaveLength(1);
  });

  it('enforces unique e-mails and mobiles', async () => {
    const database = await fresh(true);
    const now = new Date().toISOString();
    await database.db.insertInto('users').values(userRow('u1', 'a@example.test', now)).execute();
    const base = { name: 'B', password_hash: null, created_at: now, updated_at: now, profile_completed: false, is_demo: false };
    await expect(database.db.insertInto('users').values({ ...base, id: 'u2', email: 'a@example.test' } as never).execute()).rejects.toThrow();
  });

  it('runs a migration whose number was reserved below one that already ran (issues land in any order)', async () => {
    const older = await fresh(false);
    const { '0008_hardening': _hardening, ...withoutHardening } = migrations;
    const early = new Migrator({ db: older.db as unknown as Kysely<unknown>, provider: { getMigrations: async () => withoutHardening } });
    expect((await early.migrateToLatest()).error).toBeUndefined();
    const result = await migrateToLatest(older.db);
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([['0008_hardening', 'Success']]);
    expect(await tableNames(older)).toContain('location_changes');
  });

  it('0017 turns numbers never confirmed into claims that block nobody, and keeps confirmed ones', async () => {
    const database = await fresh(false);
    const { '0017_mobile_verification': _mobile, ...before } = migrations;
    const early = new Migrator({ db: database.db as unknown as Kysely<unknown>, provider: { getMigrations: async () => before } });
    expect((await early.migrateToLatest()).error).toBeUndefined();
    const now = new Date().toISOString();
    await database.db.insertInto('users').values([
      { ...userRow('u1', 'confirmed@example.test', now), phone_number: '+27821110001', phone_verified_at: now },
      { ...userRow('u2', 'unconfirmed@example.test', now), phone_number: '+27821110002' },
    ] as never).execute();
    await migrateToLatest(database.db);
    const rows = await database.db.selectFrom('users').select(['id', 'phone_number', 'pending_phone_number']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'u1', phone_number: '+27821110001', pending_phone_number: null },
      { id: 'u2', phone_number: null, pending_phone_number: '+27821110002' },
    ]);
  });

  it('migrate down removes everything again', async () => {
    const database = await fresh(true);
    await migrateToBottom(database.db);
    const left = (await tableNames(database)).filter((n) => !n.startsWith('kysely_'));
    expect(left).toEqual([]);
  });
});
