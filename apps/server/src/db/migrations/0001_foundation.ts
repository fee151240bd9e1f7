import { type Kysely } from 'kysely';
import { columnTypes } from './column-types';

/** Members, sessions, photos, interests and the dev outbox: what every later module builds on. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('phone_number', 'varchar(20)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('date_of_birth', 'varchar(10)')
    .addColumn('gender', 'varchar(20)')
    .addColumn('about', 'varchar(1000)')
    .addColumn('city', 'varchar(80)')
    .addColumn('province', 'varchar(80)')
    .addColumn('location_cell', 'varchar(16)')
    .addColumn('marital_status', 'varchar(20)')
    .addColumn('body_type', 'varchar(20)')
    .addColumn('relationship_type', 'varchar(20)')
    .addColumn('how_often_drink', 'varchar(20)')
    .addColumn('love_language', 'varchar(30)')
    .addColumn('height_cm', 'integer')
    .addColumn('job_title', 'varchar(100)')
    .addColumn('education', 'varchar(100)')
    .addColumn('profile_completed', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('onboarding_completed_at', t.timestamp)
    .addColumn('email_verified_at', t.timestamp)
    .addColumn('phone_verified_at', t.timestamp)
    .addColumn('is_demo', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('last_active_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_city_idx').on('users').columns(['province', 'city']).execute();
  await db.schema.createIndex('users_gender_dob_idx').on('users').columns(['gender', 'date_of_birth']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('revoked_at', t.timestamp)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('user_photos')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_primary', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_photos_user_idx').on('user_photos').columns(['user_id', 'position']).execute();

  await db.schema
    .createTable('interests')
    .addColumn('id', t.autoIncrement, (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('user_interests')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('interest_id', 'integer', (c) => c.notNull().references('interests.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_interests_pk', ['user_id', 'interest_id'])
    .execute();
  await db.schema.createIndex('user_interests_interest_idx').on('user_interests').column('interest_id').execute();

  await db.schema
    .createTable('dev_outbox')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('code', 'varchar(16)')
    .addColumn('link', 'varchar(2048)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dev_outbox_recipient_idx').on('dev_outbox').columns(['recipient', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dev_outbox', 'user_interests', 'interests', 'user_photos', 'sessions', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
