import { sql, type Kysely } from 'kysely';
import { cityCell } from '../../lib/geo';
import { columnTypes } from './column-types';

/**
 * Hardening (issue 12):
 * - A block keeps the names the two members knew each other by when it was made (`blocked_name`
 *   for the blocker's list, `blocker_name` for a block back), so a list of blocks never shows a
 *   name or photo chosen afterwards. Existing blocks take today's names.
 * - `location_changes`: when a member changed their own location, to allow a few a day.
 * - A member's cell is their city's cell (distances are measured between cities): cells made
 *   from a shared device position become their city's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('user_blocks').addColumn('blocked_name', 'varchar(80)').execute();
  await db.schema.alterTable('user_blocks').addColumn('blocker_name', 'varchar(80)').execute();
  await sql`update user_blocks set
    blocked_name = (select name from users where users.id = user_blocks.blocked_id),
    blocker_name = (select name from users where users.id = user_blocks.blocker_id)`.execute(db);

  await db.schema
    .createTable('location_changes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('location_changes_user_idx').on('location_changes').columns(['user_id', 'created_at']).execute();

  const located = await sql<{ id: string; city: string | null; location_cell: string }>`
    select id, city, location_cell from users where location_cell is not null`.execute(db);
  for (const user of located.rows) {
    const cell = cityCell(user.city);
    if (cell !== user.location_cell) await sql`update users set location_cell = ${cell} where id = ${user.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('location_changes').ifExists().execute();
  await db.schema.alterTable('user_blocks').dropColumn('blocker_name').execute();
  await db.schema.alterTable('user_blocks').dropColumn('blocked_name').execute();
}
