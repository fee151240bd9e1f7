import { postLikeNotification } from '@linkup/contract';
import type { Kysely } from 'kysely';
import { newId } from '../lib/ids';
import type { Database, NewNotification } from '../db/schema';
import { ROW_BATCH } from './batches';
import type { SeededMember } from './activity';
import type { Random } from './random';
import { insertRows } from './seed.repository';

/**
 * The demo feed: many demo members have a post (most of the women the demo account looks for,
 * so its feed has plenty), posts carry likes, and the demo account has its own post with a few
 * likes — each one an item in its notifications inbox, the newest unread.
 */
export const DEMO_FEED = { postShare: 0.6, demoPostLikers: 4, unreadNotifications: 2, maxLikesPerPost: 8 } as const;

const HOUR = 60 * 60_000;
const at = (ms: number) => new Date(ms).toISOString();

/** What a post says, in the member's own voice (the profile's about is the fallback). */
const POST_LINES: readonly string[] = [
  'Looking for someone to share Sunday markets and slow breakfasts with.',
  'New to the city and keen to meet someone who knows the best hiking trails.',
  'Big on honesty, bad puns and good coffee. Tell me your favourite spot in town.',
  'I cook, you pick the music? Let us find out if we are a good team.',
  'Ready for something real. Kindness and curiosity win me over every time.',
  'Weekend road trips, live music and long talks — looking for my co-pilot.',
  'Family matters to me, and so does laughing until it hurts.',
  'Gym in the morning, books at night. Hoping to meet someone who gets both.',
];

/** Which seeded members publish a post: deterministic for the seed. */
export function demoPosters<T>(members: readonly T[], random: Random): T[] {
  return members.filter(() => random.chance(DEMO_FEED.postShare));
}

interface PostPhoto {
  storageKey: string;
  width: number;
  height: number;
}

/**
 * Inserts the posts of `posters` (each with `photos` of its own, copied from the profile so
 * either can go without the other), the demo account's post, likes, and the demo account's
 * inbox items for the likes on its post.
 */
export async function seedDemoFeed(
  trx: Kysely<Database>,
  demo: SeededMember,
  posters: readonly SeededMember[],
  photos: ReadonlyMap<string, PostPhoto>,
  random: Random,
  now: number,
): Promise<void> {
  const authors = [...posters, demo];
  const posts = authors.map((author, i) => {
    const createdAt = author === demo ? now - 30 * HOUR : now - random.int(2, 24 * 20) * HOUR - i;
    return {
      author,
      row: {
        id: newId(),
        user_id: author.user.id!,
        marital_status: author.member.maritalStatus,
        relationship_type: author.member.relationshipType,
        how_often_drink: author.member.howOftenDrink,
        love_language: author.member.loveLanguage,
        body_type: author.member.bodyType,
        profile_description: author === demo ? 'Designer by day, amateur braai master by night. Say hi if you like mountains and good coffee.' : random.pick(POST_LINES),
        is_available: true,
        preferred_age_min: author.preferences.ageMin,
        preferred_age_max: author.preferences.ageMax,
        preferred_body_type: null,
        preferred_city: null,
        preferred_drinking: random.chance(0.2) ? author.member.howOftenDrink : null,
        preferred_love_language: null,
        preferred_marital_status: null,
        created_at: at(createdAt),
        updated_at: at(createdAt),
      },
    };
  });
  if (posts.length === 0) return;
  await insertRows(trx, 'feed_posts', posts.map((p) => p.row), ROW_BATCH / 2);

  const images = posts.flatMap(({ author, row }) => {
    const photo = photos.get(author.member.email);
    return photo ? [{
      id: newId(), user_id: row.user_id, post_id: row.id, slot: 1, storage_key: photo.storageKey,
      width: photo.width, height: photo.height, created_at: row.created_at,
    }] : [];
  });
  await insertRows(trx, 'feed_post_images', images);

  // Likes among the demo members (never one's own post).
  const likes: Database['feed_post_likes'][] = [];
  for (const { author, row } of posts) {
    if (author === demo) continue;
    const likers = random.sample(authors.filter((a) => a !== author && a !== demo), random.int(0, DEMO_FEED.maxLikesPerPost));
    for (const liker of likers) likes.push({ post_id: row.id, user_id: liker.user.id!, created_at: at(Date.parse(row.created_at) + random.int(1, 48) * HOUR) });
  }

  // Likes on the demo account's post, each in its inbox: the newest ones unread.
  const demoPost = posts.find((p) => p.author === demo)!.row;
  const fans = random.sample(posters.filter((p) => p.member.gender === 'female'), DEMO_FEED.demoPostLikers);
  const notifications: NewNotification[] = [];
  fans.forEach((fan, i) => {
    const likedAt = now - (fans.length - i) * 3 * HOUR;
    likes.push({ post_id: demoPost.id, user_id: fan.user.id!, created_at: at(likedAt) });
    const text = postLikeNotification(fan.member.name);
    const unread = i >= fans.length - DEMO_FEED.unreadNotifications;
    notifications.push({
      id: newId(), user_id: demo.user.id!, type: 'post_like', ...text, actor_id: fan.user.id!, subject_id: demoPost.id,
      chat_room_id: null, action: 'view_profile',
      data: JSON.stringify({ type: 'post_like', ...text, sender_id: fan.user.id, sender_name: fan.member.name, action: 'view_profile' }),
      is_read: !unread, read_at: unread ? null : at(likedAt + HOUR), is_clicked: false, clicked_at: null, created_at: at(likedAt),
    });
  });
  await insertRows(trx, 'feed_post_likes', likes);
  await insertRows(trx, 'notifications', notifications);
}
