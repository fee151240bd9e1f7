import { sql, type AliasableExpression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Blocks work both ways everywhere (issue 4 "Safety"): every list, profile and chat query of the
 * server uses these helpers. Each direction is one index lookup: `user_blocks_pk`
 * (blocker_id, blocked_id) for mine, `user_blocks_blocked_idx` (blocked_id, blocker_id) for theirs.
 */

type AnyBuilder<DB, TB extends keyof DB> = ExpressionBuilder<DB, TB>;

/**
 * True when the member in `column` (a column reference such as `'u.id'` or `'m.user_id'`) and
 * `viewerId` have blocked each other, either way: two EXISTS subqueries on the indexes.
 */
export function blockedEitherWay<DB, TB extends keyof DB>(eb: AnyBuilder<DB, TB>, viewerId: string, column: string): AliasableExpression<SqlBool> {
  const other = sql.ref<string>(column);
  // The subqueries only touch user_blocks, whatever tables the outer query has.
  const blocks = eb as unknown as ExpressionBuilder<Database, never>;
  return blocks.or([
    blocks.exists(
      blocks.selectFrom('user_blocks as blk_mine').select(sql.lit(1).as('one'))
        .where('blk_mine.blocker_id', '=', viewerId).where('blk_mine.blocked_id', '=', other),
    ),
    blocks.exists(
      blocks.selectFrom('user_blocks as blk_theirs').select(sql.lit(1).as('one'))
        .where('blk_theirs.blocked_id', '=', viewerId).where('blk_theirs.blocker_id', '=', other),
    ),
  ]);
}

/**
 * Keeps only members that `viewerId` has not blocked and who have not blocked `viewerId`:
 * `.where((eb) => whereNotBlocked(eb, me, 'u.id'))`.
 */
export function whereNotBlocked<DB, TB extends keyof DB>(eb: AnyBuilder<DB, TB>, viewerId: string, column: string): AliasableExpression<SqlBool> {
  return eb.not(blockedEitherWay(eb, viewerId, column));
}

/**
 * True when the member in `column` and `viewerId` were matched and one of them unmatched: until
 * they match again they cannot find, view or message each other (the match row is one per pair).
 */
export function unmatchedWith<DB, TB extends keyof DB>(eb: AnyBuilder<DB, TB>, viewerId: string, column: string): AliasableExpression<SqlBool> {
  const other = sql.ref<string>(column);
  const matches = eb as unknown as ExpressionBuilder<Database, never>;
  return matches.exists(
    matches.selectFrom('matches as ended').select(sql.lit(1).as('one'))
      .where('ended.unmatched_at', 'is not', null)
      .where((w) => w.or([
        w.and([w('ended.user_a', '=', viewerId), w('ended.user_b', '=', other)]),
        w.and([w('ended.user_b', '=', viewerId), w('ended.user_a', '=', other)]),
      ])),
  );
}

/**
 * Keeps only members `viewerId` is not apart from (`contactPolicy.apart`): not blocked either way,
 * not matched and unmatched. `.where((eb) => whereNotApart(eb, me, 'n.actor_id'))`.
 */
export function whereNotApart<DB, TB extends keyof DB>(eb: AnyBuilder<DB, TB>, viewerId: string, column: string): AliasableExpression<SqlBool> {
  return eb.not(eb.or([blockedEitherWay(eb, viewerId, column), unmatchedWith(eb, viewerId, column)]));
}

/** Reads of blocks for services that work on ids rather than queries. */
export class BlocksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether either member has blocked the other. */
  async eitherWay(a: string, b: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_blocks')
      .select('blocker_id')
      .where((eb) => eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The ids among `ids` blocked either way with `viewerId` (one query, for presenters of lists). */
  async among(viewerId: string, ids: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(ids)].filter((id) => id !== viewerId);
    if (unique.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('user_blocks')
      .select(['blocker_id', 'blocked_id'])
      .where((eb) => eb.or([
        eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', 'in', unique)]),
        eb.and([eb('blocked_id', '=', viewerId), eb('blocker_id', 'in', unique)]),
      ]))
      .execute();
    return new Set(rows.map((r) => (r.blocker_id === viewerId ? r.blocked_id : r.blocker_id)));
  }

  /** The ids among `ids` that were matched with `viewerId` and unmatched (one query). */
  async unmatchedAmong(viewerId: string, ids: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(ids)].filter((id) => id !== viewerId);
    if (unique.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('matches')
      .select(['user_a', 'user_b'])
      .where('unmatched_at', 'is not', null)
      .where((eb) => eb.or([
        eb.and([eb('user_a', '=', viewerId), eb('user_b', 'in', unique)]),
        eb.and([eb('user_b', '=', viewerId), eb('user_a', 'in', unique)]),
      ]))
      .execute();
    return new Set(rows.map((r) => (r.user_a === viewerId ? r.user_b : r.user_a)));
  }
}

/**
 * Keeps only members without a moderation restriction (issue 30): a suspended, banned or
 * protectively restricted member is gone from discover, search, the feed, likes and visitors. A
 * suspension past its end (at `now`, from the caller's clock) no longer hides.
 * `.where((eb) => whereNotRestricted(eb, 'u.id', isoNow(clock)))`.
 */
export function whereNotRestricted<DB, TB extends keyof DB>(eb: AnyBuilder<DB, TB>, column: string, now: string): AliasableExpression<SqlBool> {
  const other = sql.ref<string>(column);
  const users = eb as unknown as ExpressionBuilder<Database, never>;
  return users.not(users.exists(
    users.selectFrom('users as restricted').select(sql.lit(1).as('one'))
      .where('restricted.id', '=', other)
      .where('restricted.restriction', 'is not', null)
      .where((w) => w.or([w('restricted.restricted_until', 'is', null), w('restricted.restricted_until', '>', now)])),
  )) as unknown as AliasableExpression<SqlBool>;
}
