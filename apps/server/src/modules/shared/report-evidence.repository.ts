import type { Kysely } from 'kysely';
import { toBool, type Database } from '../../db/schema';
import { pairKey } from '../../lib/pair-key';

/** How many of the pair's messages a report's evidence keeps (the newest). */
export const EVIDENCE_MESSAGES = 50;

/** One message of the pair as the evidence keeps it: edited and deleted ones are marked (a deleted one has no text). */
export interface EvidenceMessage {
  id: string;
  user_id: string;
  text: string | null;
  type: string | null;
  created_at: string;
  edited: boolean;
  /** When it was last changed (its edit), null unless edited. */
  edited_at: string | null;
  deleted: boolean;
  deleted_at: string | null;
}

/**
 * What a report keeps of the reported member and the pair (issue 29), as it was when it was
 * filed — or, for a member who deleted their account, just before they did. Photos are recorded
 * (id, storage key, size, when), not copied: the files are deleted with the account.
 * No contact details: never an e-mail address or a number.
 */
export interface ReportSnapshot {
  taken_at: string;
  member: {
    id: string;
    name: string;
    about: string | null;
    photos: { id: string; position: number; is_primary: boolean; storage_key: string; width: number; height: number; created_at: string }[];
  };
  post: { id: string; description: string | null; images: { slot: number | null; storage_key: string }[]; created_at: string; updated_at: string } | null;
  /** The pair's newest messages, oldest first. */
  messages: EvidenceMessage[];
}

type Profile = Omit<ReportSnapshot, 'taken_at' | 'messages'>;

/** The member's profile part of a snapshot; undefined when their account is gone. */
async function profileOf(db: Kysely<Database>, memberId: string): Promise<Profile | undefined> {
  const member = await db.selectFrom('users').select(['id', 'name', 'about']).where('id', '=', memberId).executeTakeFirst();
  if (!member) return undefined;
  const [photos, post] = await Promise.all([
    db.selectFrom('user_photos').select(['id', 'position', 'is_primary', 'storage_key', 'width', 'height', 'created_at'])
      .where('user_id', '=', memberId).orderBy('position').execute(),
    db.selectFrom('feed_posts').select(['id', 'profile_description', 'created_at', 'updated_at']).where('user_id', '=', memberId).executeTakeFirst(),
  ]);
  const images = post
    ? await db.selectFrom('feed_post_images').select(['slot', 'storage_key']).where('post_id', '=', post.id).orderBy('slot').execute()
    : [];
  return {
    member: { ...member, photos: photos.map((p) => ({ ...p, is_primary: toBool(p.is_primary) })) },
    post: post ? { id: post.id, description: post.profile_description, images, created_at: post.created_at, updated_at: post.updated_at } : null,
  };
}

/** The newest messages of a room (with marks of deleted ones), oldest first. */
async function messagesOf(db: Kysely<Database>, roomId: string | undefined): Promise<EvidenceMessage[]> {
  if (!roomId) return [];
  const [messages, deletions] = await Promise.all([
    db.selectFrom('chat_messages').select(['id', 'user_id', 'message', 'type', 'is_edited', 'created_at', 'updated_at'])
      .where('room_id', '=', roomId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(EVIDENCE_MESSAGES).execute(),
    db.selectFrom('chat_message_deletions').select(['id', 'user_id', 'created_at', 'deleted_at'])
      .where('room_id', '=', roomId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(EVIDENCE_MESSAGES).execute(),
  ]);
  const all: EvidenceMessage[] = [
    ...messages.map((m) => {
      const edited = toBool(m.is_edited);
      return {
        id: m.id, user_id: m.user_id, text: m.message, type: m.type, created_at: m.created_at,
        edited, edited_at: edited ? m.updated_at : null, deleted: false, deleted_at: null,
      };
    }),
    ...deletions.map((d) => ({
      id: d.id, user_id: d.user_id, text: null, type: null, created_at: d.created_at, edited: false, edited_at: null, deleted: true, deleted_at: d.deleted_at,
    })),
  ];
  const newestFirst = all.sort((a, b) => (a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at)));
  return newestFirst.slice(0, EVIDENCE_MESSAGES).reverse();
}

function roomOfPair(db: Kysely<Database>, a: string, b: string) {
  return db.selectFrom('chat_rooms').select('id').where('pair_key', '=', pairKey(a, b)).executeTakeFirst().then((r) => r?.id);
}

/** The evidence of `reportedId` for a report by `reporterId`, now; undefined when the reported account is gone. */
export async function takeSnapshot(db: Kysely<Database>, reportedId: string, reporterId: string, now: string): Promise<ReportSnapshot | undefined> {
  const [profile, roomId] = await Promise.all([profileOf(db, reportedId), roomOfPair(db, reportedId, reporterId)]);
  if (!profile) return undefined;
  return { taken_at: now, ...profile, messages: await messagesOf(db, roomId) };
}

/**
 * Before a member's account is deleted (inside its transaction): one row for each member they had
 * contact with — a conversation, a match, a like either way, a visit either way, or a block of
 * them — with that pair's evidence, so those members can still report them (and their open chat
 * shows the end). Keeps no contact details (see ReportSnapshot).
 */
export async function recordDepartedContacts(db: Kysely<Database>, departedId: string, now: string): Promise<void> {
  const profile = await profileOf(db, departedId);
  if (!profile) return;
  const [rooms, matches, swipes, visits, blocks] = await Promise.all([
    db.selectFrom('chat_room_members as mine')
      .innerJoin('chat_room_members as theirs', 'theirs.room_id', 'mine.room_id')
      .select(['theirs.user_id', 'theirs.room_id', 'theirs.name'])
      .where('mine.user_id', '=', departedId).where('theirs.user_id', '!=', departedId).execute(),
    db.selectFrom('matches').select(['user_a', 'user_b']).where((eb) => eb.or([eb('user_a', '=', departedId), eb('user_b', '=', departedId)])).execute(),
    db.selectFrom('swipes').select(['actor_id', 'target_id']).where('action', '!=', 'pass')
      .where((eb) => eb.or([eb('actor_id', '=', departedId), eb('target_id', '=', departedId)])).execute(),
    db.selectFrom('profile_visits').select(['viewer_id', 'viewed_id']).where((eb) => eb.or([eb('viewer_id', '=', departedId), eb('viewed_id', '=', departedId)])).execute(),
    db.selectFrom('user_blocks').select('blocker_id').where('blocked_id', '=', departedId).execute(),
  ]);
  const contacts = new Map<string, { roomId: string | null; roomName: string | null }>();
  for (const room of rooms) contacts.set(room.user_id, { roomId: room.room_id, roomName: room.name });
  const others = [
    ...matches.map((m) => (m.user_a === departedId ? m.user_b : m.user_a)),
    ...swipes.map((s) => (s.actor_id === departedId ? s.target_id : s.actor_id)),
    ...visits.map((v) => (v.viewer_id === departedId ? v.viewed_id : v.viewer_id)),
    ...blocks.map((b) => b.blocker_id),
  ];
  for (const id of others) if (id !== departedId && !contacts.has(id)) contacts.set(id, { roomId: null, roomName: null });
  for (const [memberId, { roomId, roomName }] of contacts) {
    const snapshot: ReportSnapshot = { taken_at: now, ...profile, messages: await messagesOf(db, roomId ?? undefined) };
    await db.insertInto('departed_contacts')
      .values({ departed_id: departedId, member_id: memberId, room_id: roomId, room_name: roomName, snapshot: JSON.stringify(snapshot), created_at: now })
      .onConflict((oc) => oc.columns(['departed_id', 'member_id']).doNothing())
      .execute();
  }
}
