import type { Kysely } from 'kysely';
import { newId } from '../lib/ids';
import { pairKey } from '../lib/pair-key';
import type { Database, NewUser } from '../db/schema';
import type { DemoMember, DemoPreferences } from './members';
import type { Random } from './random';
import { insertRows } from './seed.repository';

/**
 * What the demo account finds waiting on a fresh `npm start`, so every matching screen has
 * something to show: a few matches with a conversation each, members who already like the demo
 * account (liking one of them back on Discover makes a match), and recent profile visitors.
 */
export const DEMO_ACTIVITY = { matches: 3, likers: 9, superLikers: 2, visitors: 10 } as const;

const HOUR = 60 * 60_000;

/** Openers and replies for the seeded conversations: [theirs, mine, theirs?]. */
const CONVERSATIONS: readonly (readonly string[])[] = [
  ['Hey Alex! Your hiking photo — is that the Magaliesberg?', 'It is! Do you hike too?', 'Most weekends. We should compare trails sometime 🙂'],
  ['Hi! A fellow coffee snob, I see ☕', 'Guilty. Where do you get yours?', 'There is a tiny roastery in Braamfontein — I will take you if you ask nicely'],
  ['Your bio made me laugh. Live music this weekend?', 'Depends who is playing. Any tips?'],
];

export interface SeededMember {
  user: NewUser;
  member: DemoMember;
  preferences: DemoPreferences;
}

const at = (ms: number) => new Date(ms).toISOString();

/** Whether `member` would look for the demo account and the demo account for them (two-way). */
function fitsBothWays(demo: SeededMember, other: SeededMember): boolean {
  const wants = (p: DemoPreferences, m: DemoMember) =>
    (p.genders.length === 0 || p.genders.includes(m.gender)) && m.age >= p.ageMin && m.age <= p.ageMax;
  return wants(demo.preferences, other.member) && wants(other.preferences, demo.member);
}

/** Inserts the demo account's matches (with rooms and messages), likes received and visits. */
export async function seedDemoActivity(trx: Kysely<Database>, demo: SeededMember, members: readonly SeededMember[], random: Random, now: number): Promise<void> {
  const demoId = demo.user.id!;
  const fits = members.filter((m) => fitsBothWays(demo, m));
  // With few demo members, a third of those who fit become matches and the rest likers.
  const matchCount = Math.min(DEMO_ACTIVITY.matches, Math.ceil(fits.length / 3));
  const matched = fits.slice(0, matchCount);
  const likers = fits.slice(matchCount, matchCount + DEMO_ACTIVITY.likers);

  const swipes: Database['swipes'][] = [];
  for (const [i, liker] of likers.entries()) {
    const action = i < DEMO_ACTIVITY.superLikers ? 'super_like' : 'like';
    swipes.push({ actor_id: liker.user.id!, target_id: demoId, action, created_at: at(now - random.int(1, 40) * HOUR) });
  }

  for (const [i, other] of matched.entries()) {
    const otherId = other.user.id!;
    const matchedAt = now - (i + 1) * 26 * HOUR;
    const kind = i === 0 ? 'super_like' : 'like';
    swipes.push(
      { actor_id: otherId, target_id: demoId, action: kind, created_at: at(matchedAt - 3 * HOUR) },
      { actor_id: demoId, target_id: otherId, action: 'like', created_at: at(matchedAt) },
    );
    const lines = CONVERSATIONS[i % CONVERSATIONS.length]!;
    const roomId = newId();
    const sentAt = lines.map((_, n) => matchedAt + (n + 1) * 37 * 60_000);
    const lastActivity = at(sentAt.at(-1)!);
    await insertRows(trx, 'chat_rooms', [{
      id: roomId, pair_key: pairKey(demoId, otherId), created_by: otherId, created_at: at(matchedAt), last_activity: lastActivity,
      // A match's room: a conversation, never a message request (issue 29).
      request_status: 'accepted',
    }]);
    // The demo account has read all but the newest message of the first conversation.
    const demoReadAt = i === 0 ? at(sentAt.at(-1)! - 1) : lastActivity;
    await insertRows(trx, 'chat_room_members', [
      { room_id: roomId, user_id: demoId, name: `Chat with ${other.member.name}`, joined_at: at(matchedAt), last_read_at: demoReadAt },
      { room_id: roomId, user_id: otherId, name: `Chat with ${demo.member.name}`, joined_at: at(matchedAt), last_read_at: lastActivity },
    ]);
    await insertRows(trx, 'chat_messages', lines.map((message, n) => ({
      id: newId(), room_id: roomId, user_id: n % 2 === 0 ? otherId : demoId, message, type: 'text',
      is_edited: false, client_id: null, created_at: at(sentAt[n]!), updated_at: at(sentAt[n]!),
    })));
    await insertRows(trx, 'matches', [{
      id: newId(), pair_key: pairKey(demoId, otherId), user_a: otherId, user_b: demoId, kind, chat_room_id: roomId,
      created_at: at(matchedAt), unmatched_at: null, unmatched_by: null,
    }]);
  }
  await insertRows(trx, 'swipes', swipes);

  const visitors = random.sample(members.filter((m) => !matched.includes(m)), Math.min(DEMO_ACTIVITY.visitors, members.length));
  if (visitors.length > 0) {
    await insertRows(trx, 'profile_visits', visitors.map((visitor) => {
      const visitedAt = now - random.int(1, 70) * HOUR;
      return { id: newId(), viewer_id: visitor.user.id!, viewed_id: demoId, visit_date: at(visitedAt).slice(0, 10), created_at: at(visitedAt) };
    }));
  }
}
