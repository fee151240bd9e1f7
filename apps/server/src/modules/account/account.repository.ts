import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import type { ErasedMember, MemberEraser } from '../shared/member-erasure';
import { recordDepartedContacts } from '../shared/report-evidence.repository';

/**
 * SQL of the account calls: what the export reads, and the deletion's one transaction. The rows
 * it changes are their owners' (docs/architecture.md, table ownership): credentials are auth's,
 * and each module removes its own part of a deleted member.
 */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUser(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether another member already has this e-mail address or mobile number. */
  async takenByOther(column: 'email' | 'phone_number', value: string, userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where(column, '=', value).where('id', '!=', userId).executeTakeFirst();
    return row !== undefined;
  }

  /** Stored photo keys of the member: profile photos and feed post photos. */
  async photoKeys(userId: string): Promise<string[]> {
    const [profile, post] = await Promise.all([
      this.db.selectFrom('user_photos').select('storage_key').where('user_id', '=', userId).execute(),
      this.db.selectFrom('feed_post_images').select('storage_key').where('user_id', '=', userId).execute(),
    ]);
    return [...profile, ...post].map((r) => r.storage_key);
  }

  roomIds(userId: string): Promise<string[]> {
    return this.db.selectFrom('chat_room_members').select('room_id').where('user_id', '=', userId).execute().then((rows) => rows.map((r) => r.room_id));
  }

  /** The other members of the member's rooms, by room (told that their conversation ended). */
  roomPartners(userId: string): Promise<{ room_id: string; user_id: string }[]> {
    return this.db.selectFrom('chat_room_members as mine')
      .innerJoin('chat_room_members as theirs', 'theirs.room_id', 'mine.room_id')
      .select(['theirs.room_id', 'theirs.user_id'])
      .where('mine.user_id', '=', userId).where('theirs.user_id', '!=', userId)
      .execute();
  }

  /**
   * Removes the member and everything about them, in one transaction: first each member they had
   * contact with keeps that pair's evidence (issue 29: they may still report them); then each
   * module removes what it owns of them (`parts`, the member's row last: its foreign keys cascade
   * the rest). Reports they filed stay for moderation without their name (reporter_id is set
   * null); reports of them stay with their evidence (reported_id is set null).
   */
  async deleteAccount(member: ErasedMember, parts: readonly MemberEraser[], now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await recordDepartedContacts(trx, member.id, now);
      for (const erase of parts) await erase(trx, member);
    });
  }

  // ── the export ──

  interests(userId: string): Promise<string[]> {
    return this.db
      .selectFrom('user_interests')
      .innerJoin('interests', 'interests.id', 'user_interests.interest_id')
      .select('interests.name')
      .where('user_interests.user_id', '=', userId)
      .orderBy('interests.name')
      .execute()
      .then((rows) => rows.map((r) => r.name));
  }

  photos(userId: string) {
    return this.db.selectFrom('user_photos').selectAll().where('user_id', '=', userId).orderBy('position').execute();
  }

  preferences(userId: string) {
    return this.db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  settings(userId: string) {
    return this.db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  blocks(userId: string) {
    return this.db
      .selectFrom('user_blocks')
      .leftJoin('users', 'users.id', 'user_blocks.blocked_id')
      .select(['user_blocks.blocked_id as member_id', 'users.name', 'user_blocks.created_at'])
      .where('user_blocks.blocker_id', '=', userId)
      .orderBy('user_blocks.created_at')
      .execute();
  }

  reports(userId: string) {
    return this.db
      .selectFrom('user_reports')
      .leftJoin('users', 'users.id', 'user_reports.reported_id')
      .select(['user_reports.id', 'user_reports.reported_id as member_id', 'users.name', 'user_reports.reason', 'user_reports.details', 'user_reports.status', 'user_reports.created_at'])
      .where('user_reports.reporter_id', '=', userId)
      .orderBy('user_reports.created_at')
      .execute();
  }

  visitsMade(userId: string) {
    return this.db
      .selectFrom('profile_visits')
      .leftJoin('users', 'users.id', 'profile_visits.viewed_id')
      .select(['profile_visits.viewed_id as member_id', 'users.name', 'profile_visits.visit_date', 'profile_visits.created_at'])
      .where('profile_visits.viewer_id', '=', userId)
      .orderBy('profile_visits.created_at')
      .execute();
  }

  swipes(userId: string) {
    return this.db
      .selectFrom('swipes')
      .leftJoin('users', 'users.id', 'swipes.target_id')
      .select(['swipes.target_id as member_id', 'users.name', 'swipes.action', 'swipes.created_at'])
      .where('swipes.actor_id', '=', userId)
      .orderBy('swipes.created_at')
      .execute();
  }

  matches(userId: string) {
    return this.db
      .selectFrom('matches')
      .leftJoin('users', (join) =>
        join.on((eb) => eb.or([
          eb.and([eb('matches.user_a', '=', userId), eb('users.id', '=', eb.ref('matches.user_b'))]),
          eb.and([eb('matches.user_b', '=', userId), eb('users.id', '=', eb.ref('matches.user_a'))]),
        ])))
      .select(['matches.id', 'users.id as member_id', 'users.name', 'matches.kind', 'matches.created_at', 'matches.unmatched_at'])
      .where((eb) => eb.or([eb('matches.user_a', '=', userId), eb('matches.user_b', '=', userId)]))
      .orderBy('matches.created_at')
      .execute();
  }

  subscriptions(userId: string) {
    return this.db
      .selectFrom('subscriptions')
      .select(['plan', 'source', 'starts_at', 'ends_at', 'cancelled_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  rooms(userId: string) {
    return this.db
      .selectFrom('chat_room_members')
      .select(['room_id', 'name', 'joined_at', 'left_at'])
      .where('user_id', '=', userId)
      .orderBy('joined_at')
      .execute();
  }

  /** Every message of these rooms with its author's name (never their contact details). */
  roomMessages(roomIds: readonly string[]) {
    if (roomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('chat_messages')
      .leftJoin('users', 'users.id', 'chat_messages.user_id')
      .select([
        'chat_messages.id', 'chat_messages.room_id', 'chat_messages.user_id', 'users.name as author_name', 'chat_messages.message',
        'chat_messages.type', 'chat_messages.is_edited', 'chat_messages.created_at', 'chat_messages.updated_at',
      ])
      .where('chat_messages.room_id', 'in', [...roomIds])
      .orderBy('chat_messages.created_at')
      .orderBy('chat_messages.id')
      .execute();
  }

  supportMessages(userId: string) {
    return this.db
      .selectFrom('support_messages')
      .select(['id', 'subject', 'message', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  async feedPost(userId: string) {
    const post = await this.db.selectFrom('feed_posts').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!post) return null;
    const [images, likes] = await Promise.all([
      this.db.selectFrom('feed_post_images').select(['slot', 'storage_key']).where('post_id', '=', post.id).orderBy('slot').execute(),
      this.db.selectFrom('feed_post_likes').select((eb) => eb.fn.countAll<number>().as('n')).where('post_id', '=', post.id).executeTakeFirst(),
    ]);
    return { post, images, likes: Number(likes?.n ?? 0) };
  }

  feedLikes(userId: string) {
    return this.db
      .selectFrom('feed_post_likes as l')
      .innerJoin('feed_posts as p', 'p.id', 'l.post_id')
      .leftJoin('users', 'users.id', 'p.user_id')
      .select(['l.post_id', 'p.user_id as member_id', 'users.name', 'l.created_at'])
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at')
      .execute();
  }

  notifications(userId: string) {
    return this.db
      .selectFrom('notifications')
      .select(['id', 'type', 'title', 'body', 'is_read', 'read_at', 'is_clicked', 'clicked_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  sessions(userId: string) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_used_at', 'expires_at', 'revoked_at', 'user_agent', 'ip'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  authEvents(subjects: readonly string[]) {
    return this.db
      .selectFrom('auth_events')
      .select(['kind', 'ip', 'created_at'])
      .where('subject', 'in', [...subjects])
      .orderBy('created_at')
      .execute();
  }
}
