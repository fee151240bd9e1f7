import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema';
import { writeOf } from './postgres-row-changes';

// Compiled only (no pool is ever asked for a connection): the statements as Kysely sends them.
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as never }) });

describe('writeOf: what a statement writes, as the row-change driver decides whether to wait for it', () => {
  it('tells an insert, an update with the columns it sets, and a delete, by their table', () => {
    expect(writeOf(db.insertInto('chat_messages').values({ id: 'm' } as never).compile().sql)).toEqual({ kind: 'insert', table: 'chat_messages', columns: null });
    expect(writeOf(db.updateTable('chat_rooms').set({ last_activity: 'x' }).where('id', '=', 'r').compile().sql))
      .toEqual({ kind: 'update', table: 'chat_rooms', columns: ['last_activity'] });
    expect(writeOf(db.updateTable('chat_room_members').set({ last_read_at: 'x', left_at: null }).where('room_id', '=', 'r').compile().sql))
      .toEqual({ kind: 'update', table: 'chat_room_members', columns: ['last_read_at', 'left_at'] });
    expect(writeOf(db.deleteFrom('push_devices').where('user_id', '=', 'u').compile().sql)).toEqual({ kind: 'delete', table: 'push_devices', columns: null });
    expect(writeOf(db.withSchema('tenant').updateTable('users').set({ name: 'n' }).where('id', '=', 'u').compile().sql))
      .toEqual({ kind: 'update', table: 'users', columns: ['name'] });
  });

  it('leaves the columns unknown when a subquery sets one (its where would end the list early)', () => {
    const query = db.updateTable('users').set({ name: (eb) => eb.selectFrom('users as o').select('o.name').where('o.id', '=', 'x') }).where('id', '=', 'u');
    expect(writeOf(query.compile().sql)).toEqual({ kind: 'update', table: 'users', columns: null });
  });

  it('cannot tell anything else: a with, raw SQL, a select', () => {
    const withWrite = db.with('gone', (qb) => qb.deleteFrom('user_blocks').returning('blocker_id')).selectFrom('gone').selectAll();
    expect(writeOf(withWrite.compile().sql)).toBeNull();
    expect(writeOf(sql`select pg_notify('c', 'm')`.compile(db).sql)).toBeNull();
    expect(writeOf(db.selectFrom('users').select('id').compile().sql)).toBeNull();
  });
});
