import type { Kysely } from 'kysely';
import type { Database, SwipeAction } from '../../db/schema';
import { isoNow, type Clock } from '../../lib/clock';
import { pairKey } from '../../lib/pair-key';
import { whereNotApart, whereNotBlocked, whereNotRestricted } from '../shared/blocks.repository';

export interface MatchRow {
  id: string;
  user_a: string;
  user_b: string;
  kind: 'like' | 'super_like';
  chat_room_id: string | null;
  created_at: string;
  unmatched_at: string | null;
}

/** SQL of swipes, matches and the daily usage counters. */
export class MatchesRepository {
  /** `clock`: when a suspension has ended (`whereNotRestricted`). */
  constructor(private readonly db: Kysely<Database>, private readonly clock: Clock) {}

  /** Runs `work` in one transaction, with this repository bound to it. */
  transaction<T>(work: (tx: MatchesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new MatchesRepository(trx, this.clock)));
  }

  findUser(id: string) {
    return this.db.selectFrom('users').select(['id', 'name', 'date_of_birth', 'city']).where('id', '=', id).executeTakeFirst();
  }

  findSwipe(actorId: string, targetId: string) {
    return this.db.selectFrom('swipes').selectAll().where('actor_id', '=', actorId).where('target_id', '=', targetId).executeTakeFirst();
  }

  /** Inserts the swipe; false when this member already swiped that one. */
  async insertSwipe(actorId: string, targetId: string, action: SwipeAction, now: string): Promise<boolean> {
    const row = await this.db
      .insertInto('swipes')
      .values({ actor_id: actorId, target_id: targetId, action, created_at: now })
      .onConflict((oc) => oc.columns(['actor_id', 'target_id']).doNothing())
      .returning('actor_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Changes a swipe only if it still is `from` (so two racing changes count once). */
  async changeSwipe(actorId: string, targetId: string, from: SwipeAction, to: SwipeAction, now: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('swipes')
      .set({ action: to, created_at: now })
      .where('actor_id', '=', actorId)
      .where('target_id', '=', targetId)
      .where('action', '=', from)
      .returning('actor_id')
      .execute();
    return rows.length > 0;
  }

  async deleteSwipe(actorId: string, targetId: string, action: SwipeAction): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('swipes')
      .where('actor_id', '=', actorId)
      .where('target_id', '=', targetId)
      .where('action', '=', action)
      .returning('actor_id')
      .execute();
    return rows.length > 0;
  }

  lastSwipe(actorId: string) {
    return this.db.selectFrom('swipes').selectAll().where('actor_id', '=', actorId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  }

  /**
   * Adds one to today's like or super-like count and answers the new count. An upsert with an
   * increment: concurrent requests of one member queue on the row, so the count is exact.
   */
  async incrementUsage(userId: string, day: string, column: 'likes' | 'super_likes', by = 1): Promise<number> {
    const row = await this.db
      .insertInto('usage_counters')
      .values({ user_id: userId, day, likes: column === 'likes' ? by : 0, super_likes: column === 'super_likes' ? by : 0 })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({ [column]: eb(`usage_counters.${column}`, '+', by) })))
      .returning(column)
      .executeTakeFirstOrThrow();
    return Number((row as Record<string, unknown>)[column]);
  }

  async usage(userId: string, day: string): Promise<{ likes: number; super_likes: number }> {
    const row = await this.db.selectFrom('usage_counters').select(['likes', 'super_likes']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
    return { likes: Number(row?.likes ?? 0), super_likes: Number(row?.super_likes ?? 0) };
  }

  findMatchByPair(a: string, b: string): Promise<MatchRow | undefined> {
    return this.db.selectFrom('matches').select(['id', 'user_a', 'user_b', 'kind', 'chat_room_id', 'created_at', 'unmatched_at']).where('pair_key', '=', pairKey(a, b)).executeTakeFirst();
  }

  /** Creates the pair's match; undefined when it already exists (the other like won the race). */
  async insertMatch(row: { id: string; a: string; b: string; kind: 'like' | 'super_like'; now: string }): Promise<boolean> {
    const [userA, userB] = [row.a, row.b].sort() as [string, string];
    const inserted = await this.db
      .insertInto('matches')
      .values({ id: row.id, pair_key: pairKey(row.a, row.b), user_a: userA, user_b: userB, kind: row.kind, chat_room_id: null, created_at: row.now, unmatched_at: null, unmatched_by: null })
      .onConflict((oc) => oc.column('pair_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async setMatchRoom(matchId: string, roomId: string): Promise<void> {
    await this.db.updateTable('matches').set({ chat_room_id: roomId }).where('id', '=', matchId).execute();
  }

  /** A match the member is part of and that still stands. */
  findActiveMatch(matchId: string, userId: string): Promise<MatchRow | undefined> {
    return this.db
      .selectFrom('matches')
      .select(['id', 'user_a', 'user_b', 'kind', 'chat_room_id', 'created_at', 'unmatched_at'])
      .where('id', '=', matchId)
      .where((eb) => eb.or([eb('user_a', '=', userId), eb('user_b', '=', userId)]))
      .where('unmatched_at', 'is', null)
      .executeTakeFirst();
  }

  async unmatch(matchId: string, userId: string, now: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('matches')
      .set({ unmatched_at: now, unmatched_by: userId })
      .where('id', '=', matchId)
      .where('unmatched_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** My standing matches, newest first, without members blocked either way. */
  listMatches(userId: string, limit: number, offset: number): Promise<MatchRow[]> {
    return this.activeMatchesQuery(userId)
      .select(['m.id', 'm.user_a', 'm.user_b', 'm.kind', 'm.chat_room_id', 'm.created_at', 'm.unmatched_at'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countMatches(userId: string): Promise<number> {
    const row = await this.activeMatchesQuery(userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  private activeMatchesQuery(userId: string) {
    return this.db
      .selectFrom('matches as m')
      .where((eb) => eb.or([eb('m.user_a', '=', userId), eb('m.user_b', '=', userId)]))
      .where('m.unmatched_at', 'is', null)
      .where((eb) => whereNotBlocked(eb, userId, 'm.user_a'))
      .where((eb) => whereNotBlocked(eb, userId, 'm.user_b'));
  }

  /** Likes and super likes I received from members I have not answered (no swipe back yet), nor am apart from. */
  private likesReceivedQuery(userId: string) {
    return this.db
      .selectFrom('swipes as s')
      .where('s.target_id', '=', userId)
      .where('s.action', 'in', ['like', 'super_like'])
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('swipes as back').select('back.actor_id').whereRef('back.target_id', '=', 's.actor_id').where('back.actor_id', '=', userId))),
      )
      .where((eb) => whereNotApart(eb, userId, 's.actor_id'))
      .where((eb) => whereNotRestricted(eb, 's.actor_id', isoNow(this.clock)));
  }

  listLikesReceived(userId: string, limit: number, offset: number) {
    return this.likesReceivedQuery(userId)
      .select(['s.actor_id', 's.action', 's.created_at'])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.actor_id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countLikesReceived(userId: string): Promise<number> {
    const row = await this.likesReceivedQuery(userId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Who visited me: one row per visitor, their latest visit first; none I am apart from (blocked, unmatched). */
  private visitorsQuery(userId: string) {
    return this.db
      .selectFrom('profile_visits as v')
      .where('v.viewed_id', '=', userId)
      .where((eb) => whereNotApart(eb, userId, 'v.viewer_id'))
      .where((eb) => whereNotRestricted(eb, 'v.viewer_id', isoNow(this.clock)))
      .groupBy('v.viewer_id');
  }

  listVisitors(userId: string, limit: number, offset: number) {
    return this.visitorsQuery(userId)
      .select((eb) => ['v.viewer_id', eb.fn.max('v.created_at').as('visited_at')])
      .orderBy('visited_at', 'desc')
      .orderBy('v.viewer_id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countVisitors(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom(() => this.visitorsQuery(userId).select('v.viewer_id').as('visitors'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async counts(userId: string) {
    const [sent, received, superReceived, views] = await Promise.all([
      this.db.selectFrom('swipes').select((eb) => eb.fn.countAll<number>().as('n')).where('actor_id', '=', userId).where('action', 'in', ['like', 'super_like']).executeTakeFirst(),
      this.db.selectFrom('swipes as s').select((eb) => eb.fn.countAll<number>().as('n')).where('s.target_id', '=', userId).where('s.action', 'in', ['like', 'super_like'])
        .where((eb) => whereNotBlocked(eb, userId, 's.actor_id')).executeTakeFirst(),
      this.db.selectFrom('swipes as s').select((eb) => eb.fn.countAll<number>().as('n')).where('s.target_id', '=', userId).where('s.action', '=', 'super_like')
        .where((eb) => whereNotBlocked(eb, userId, 's.actor_id')).executeTakeFirst(),
      this.db.selectFrom('profile_visits as v').select((eb) => eb.fn.countAll<number>().as('n')).where('v.viewed_id', '=', userId)
        .where((eb) => whereNotBlocked(eb, userId, 'v.viewer_id')).executeTakeFirst(),
    ]);
    return { likesSent: Number(sent?.n ?? 0), likesReceived: Number(received?.n ?? 0), superLikesReceived: Number(superReceived?.n ?? 0), profileViews: Number(views?.n ?? 0) };
  }

  activeBoostUntil(userId: string, now: string): Promise<string | null> {
    return this.db.selectFrom('boosts').select('ends_at').where('user_id', '=', userId).where('ends_at', '>', now).orderBy('ends_at', 'desc').executeTakeFirst().then((r) => r?.ends_at ?? null);
  }

  lastBoostStart(userId: string): Promise<string | null> {
    return this.db.selectFrom('boosts').select('starts_at').where('user_id', '=', userId).orderBy('starts_at', 'desc').executeTakeFirst().then((r) => r?.starts_at ?? null);
  }

  async insertBoost(row: { id: string; userId: string; startsAt: string; endsAt: string }): Promise<void> {
    await this.db.insertInto('boosts').values({ id: row.id, user_id: row.userId, starts_at: row.startsAt, ends_at: row.endsAt }).execute();
  }

  /** Recent events for the activity timeline, each list newest first. */
  async recentActivity(userId: string, limit: number, includeVisitors: boolean) {
    const [sent, superReceived, matches, visits, visitors] = await Promise.all([
      this.db.selectFrom('swipes').select(['target_id as other', 'action', 'created_at as at']).where('actor_id', '=', userId).where('action', 'in', ['like', 'super_like'])
        .orderBy('created_at', 'desc').limit(limit).execute(),
      this.db.selectFrom('swipes').select(['actor_id as other', 'created_at as at']).where('target_id', '=', userId).where('action', '=', 'super_like')
        .orderBy('created_at', 'desc').limit(limit).execute(),
      this.activeMatchesQuery(userId).select(['m.id', 'm.user_a', 'm.user_b', 'm.created_at as at']).orderBy('m.created_at', 'desc').limit(limit).execute(),
      this.db.selectFrom('profile_visits').select(['viewed_id as other', 'created_at as at']).where('viewer_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute(),
      includeVisitors
        ? this.db.selectFrom('profile_visits').select(['viewer_id as other', 'created_at as at']).where('viewed_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute()
        : Promise.resolve([]),
    ]);
    return { sent, superReceived, matches, visits, visitors };
  }

  sharedInterests(a: string, b: string): Promise<string[]> {
    return this.db
      .selectFrom('user_interests as x')
      .innerJoin('user_interests as y', 'y.interest_id', 'x.interest_id')
      .innerJoin('interests as i', 'i.id', 'x.interest_id')
      .select('i.name')
      .where('x.user_id', '=', a)
      .where('y.user_id', '=', b)
      .orderBy('i.name')
      .execute()
      .then((rows) => rows.map((r) => r.name));
  }
}
