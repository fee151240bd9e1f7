import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database, PhotoRow, UserRow, UserUpdate } from '../../db/schema';
import { ensureInterestCatalogue } from '../../db/interest-catalogue';

type Tx = Transaction<Database>;

/** The SQL of the profile module: the member's own row, photos and interests. */
export class ProfileRepository {
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Inserts the catalogue's interests that are missing (idempotent). */
  async ensureInterestCatalogue(): Promise<void> {
    await ensureInterestCatalogue(this.db);
  }

  findUser(userId: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  async updateUser(userId: string, changes: UserUpdate): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', userId).execute();
  }

  /** My photos in position order (oldest first on a tie). */
  photos(userId: string, db: Kysely<Database> | Tx = this.db): Promise<PhotoRow[]> {
    return db.selectFrom('user_photos').selectAll().where('user_id', '=', userId).orderBy('position').orderBy('created_at').orderBy('id').execute();
  }

  async countPhotos(userId: string): Promise<number> {
    const row = await this.db.selectFrom('user_photos').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Runs `work` in a transaction that holds the member's row: on PostgreSQL `SELECT … FOR UPDATE`
   * serialises concurrent photo changes of one member; SQLite transactions are serial already.
   */
  withMemberLock<T>(userId: string, work: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      let lock = trx.selectFrom('users').select('id').where('id', '=', userId);
      if (this.dialect === 'postgres') lock = lock.forUpdate();
      await lock.executeTakeFirst();
      return work(trx);
    });
  }

  async insertPhoto(trx: Tx, row: PhotoRow): Promise<void> {
    await trx.insertInto('user_photos').values({ ...row, is_primary: Boolean(row.is_primary) }).execute();
  }

  async deletePhoto(trx: Tx, userId: string, photoId: string): Promise<void> {
    await trx.deleteFrom('user_photos').where('user_id', '=', userId).where('id', '=', photoId).execute();
  }

  /** Writes positions 0..n-1 in the given order and marks `primaryId` (only it) as primary. */
  async arrange(trx: Tx, userId: string, orderedIds: readonly string[], primaryId: string | null): Promise<void> {
    for (const [position, id] of orderedIds.entries()) {
      await trx
        .updateTable('user_photos')
        .set({ position, is_primary: id === primaryId })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    }
  }

  /** The catalogue in its own order. */
  catalogue(): Promise<{ id: number; name: string }[]> {
    return this.db.selectFrom('interests').select(['id', 'name']).orderBy('id').execute().then((rows) => rows.map((r) => ({ id: Number(r.id), name: r.name })));
  }

  /** My interest names, in catalogue order. */
  async interestsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_interests as ui')
      .innerJoin('interests as i', 'i.id', 'ui.interest_id')
      .select('i.name')
      .where('ui.user_id', '=', userId)
      .orderBy('i.id')
      .execute();
    return rows.map((r) => r.name);
  }

  /** Replaces the member's interests with these catalogue ids. */
  async replaceInterests(userId: string, interestIds: readonly number[], now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_interests').where('user_id', '=', userId).execute();
      if (interestIds.length > 0) {
        await trx.insertInto('user_interests').values(interestIds.map((interest_id) => ({ user_id: userId, interest_id }))).execute();
      }
      await trx.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
    });
  }
}
