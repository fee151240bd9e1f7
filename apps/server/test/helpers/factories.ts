/**
 * Factories (Outline's `server/test/factories.ts` style): each builds one thing a test needs, with
 * sensible defaults and overrides, through the service or the owning repository the app itself
 * uses — never a raw insert. Tests touch the database directly only to inspect storage on purpose.
 *
 * Factories that only write rows (`buildUser`, `buildMatch`, `buildLike`, `buildModerator`, `grantPremium`)
 * take the database, so tests without an app (two processes on one database) can use them too;
 * those that act as a member (sign in, open a room, send, block, post) take the app.
 */
import type { Kysely } from 'kysely';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { FeedPostBodySchema, type ChatMessage, type FeedPostBody, type PreferenceFields, type UpdateSettingsBody } from '@linkup/contract';
import type { Database, PhotoRow, UserRow } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { newId } from '../../src/lib/ids';
import { nowIso } from '../../src/lib/time';
import { AuthRepository } from '../../src/modules/auth/auth.repository';
import { DevicesRepository } from '../../src/modules/devices/devices.repository';
import { MatchesRepository } from '../../src/modules/matches/matches.repository';
import { ProfileRepository } from '../../src/modules/profile/profile.repository';
import { MemberRolesRepository } from '../../src/modules/shared/member-roles.repository';
import { grantPremium as grantPremiumDays } from '../../src/modules/subscriptions/subscriptions.repository';
import { systemClock } from '../../src/lib/clock';

let sequence = 0;
let cachedHash: Promise<string> | undefined;
export const FACTORY_PASSWORD = 'correct-horse-battery-9';

/** A member signed in: their row and a bearer token the real auth service issued. */
export interface Member { user: UserRow; token: string }

/**
 * A number no other member made by this process has: consecutive from a random start. Drawn at
 * random for each member, two of feed.test's hundreds once got the same one (the unique
 * constraint failed a CI run).
 */
const firstMobile = Math.floor(Math.random() * 8_000_000);
const randomMobile = (prefix: string) => `${prefix}${String(1_000_000 + ((firstMobile + sequence) % 8_999_999)).padStart(7, '0')}`;

/**
 * A member with sensible defaults — confirmed number and e-mail, finished onboarding — any column
 * overridden. Written by auth's repository (`createUser`): no service makes such a member without
 * a WhatsApp code, an e-mail link and every onboarding step, which tests of other things skip.
 */
export async function buildUser(db: Kysely<Database>, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  sequence += 1;
  cachedHash ??= hashPassword(FACTORY_PASSWORD);
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    name: `Member ${sequence}`,
    email: `member${sequence}.${newId().slice(0, 6).toLowerCase()}@example.test`,
    phone_number: randomMobile('+2783'),
    pending_phone_number: null,
    pending_email: null,
    password_hash: await cachedHash,
    date_of_birth: '1995-06-15',
    gender: 'female',
    about: null, city: 'Cape Town', province: 'Western Cape', location_cell: null,
    marital_status: null, body_type: null, relationship_type: null, how_often_drink: null, love_language: null,
    height_cm: null, job_title: null, education: null,
    profile_completed: true,
    onboarding_completed_at: now,
    email_verified_at: now,
    phone_verified_at: now,
    is_demo: false,
    last_active_at: now,
    created_at: now,
    updated_at: now,
    restriction: null,
    restricted_until: null,
    verified_at: null,
    ...overrides,
  };
  await new AuthRepository(db, new DevicesRepository(db)).createUser({ ...row, profile_completed: Boolean(row.profile_completed), is_demo: Boolean(row.is_demo) });
  return row;
}

/**
 * A member who registered but has not confirmed their number with its code yet (issue 27): the
 * number waits in `pending_phone_number`. Onboarded, like `buildUser`'s, unless overridden.
 */
export function buildUnconfirmedUser(db: Kysely<Database>, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  return buildUser(db, { phone_number: null, pending_phone_number: randomMobile('+2786'), phone_verified_at: null, ...overrides });
}

/** A bearer token for a member, issued by the real auth service. */
export async function signIn(app: FastifyInstance, user: UserRow): Promise<string> {
  const { token } = await app.services.auth.startSession(user, { ip: '127.0.0.1', userAgent: 'vitest' });
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A member (`buildUser`'s, overridden) signed in: `{ user, token }`. */
export async function buildMember(app: FastifyInstance, overrides: Partial<UserRow> = {}): Promise<Member> {
  const user = await buildUser(app.deps.db, overrides);
  return { user, token: await signIn(app, user) };
}

/**
 * A signed-in member with saved dating preferences (discover and the feed read them), saved by
 * the preferences service: what is not given has the defaults a `PUT /preferences` gives it.
 */
export async function buildOnboardedMember(app: FastifyInstance, overrides: Partial<UserRow> = {}, preferences: PreferenceFields = {}): Promise<Member> {
  const member = await buildMember(app, overrides);
  await buildPreferences(app, member.user, preferences);
  return member;
}

/** Saves a member's dating preferences (replacing any), through the preferences service. */
export async function buildPreferences(app: FastifyInstance, user: UserRow, preferences: PreferenceFields = {}): Promise<void> {
  await app.services.preferences.replace(user, preferences);
}

/** Changes a member's privacy settings (the rest keep theirs), through the settings service. */
export async function buildPrivacy(app: FastifyInstance, user: { id: string }, privacy: NonNullable<UpdateSettingsBody['privacy']>): Promise<void> {
  await app.services.settings.update(user.id, { privacy });
}

/**
 * A match between two members (as a mutual like leaves it, without its room): they write to each
 * other directly, never as a message request (issue 29). Stored by the matches repository; with
 * `unmatchedBy`, that member has since unmatched. Its id.
 */
export async function buildMatch(
  db: Kysely<Database>, a: { id: string }, b: { id: string }, options: { kind?: 'like' | 'super_like'; unmatchedBy?: { id: string } } = {},
): Promise<string> {
  const repo = new MatchesRepository(db, systemClock);
  await repo.insertMatch({ id: newId(), a: a.id, b: b.id, kind: options.kind ?? 'like', now: nowIso() });
  const match = await repo.findMatchByPair(a.id, b.id);
  if (!match) throw new Error('the match was not stored');
  if (options.unmatchedBy) await repo.unmatch(match.id, options.unmatchedBy.id, nowIso());
  return match.id;
}

/**
 * `from` likes (or super likes) `to` — the swipe alone, stored by the matches repository: no match,
 * notification or daily count, for tests of what a like shows ("liked me", People Who Like You).
 */
export async function buildLike(db: Kysely<Database>, from: { id: string }, to: { id: string }, action: 'like' | 'super_like' = 'like'): Promise<void> {
  await new MatchesRepository(db, systemClock).insertSwipe(from.id, to.id, action, nowIso());
}

/**
 * Two members who like each other, through the matches service (as their likes on the routes):
 * their match and its room, with everything a new match does (notifications, the room opened).
 */
export async function buildMutualMatch(app: FastifyInstance, a: Member, b: Member): Promise<{ matchId: string; roomId: string }> {
  await app.services.matches.swipe(a.user, b.user.id, 'like');
  const { match } = await app.services.matches.swipe(b.user, a.user.id, 'like');
  if (!match?.chat_room_id) throw new Error('the second like made no match with a room');
  return { matchId: match.id, roomId: match.chat_room_id };
}

/**
 * The chat room `from` opens with `to`, through the chat service (as `POST /chat/rooms`); its id.
 * Matched first unless `matched: false` (a stranger's first message is a request, issue 29).
 */
export async function buildRoom(app: FastifyInstance, from: Member, to: Member, options: { matched?: boolean; name?: string } = {}): Promise<string> {
  if (options.matched !== false) await buildMatch(app.deps.db, from.user, to.user);
  const { room } = await app.services.chat.openRoom(from.user, to.user.id, options.name);
  return room.id;
}

/** A text message `from` sends in a room, through the chat service. */
export async function buildMessage(app: FastifyInstance, from: Member, roomId: string, message = 'Hello!'): Promise<ChatMessage> {
  return (await app.services.chat.send(from.user.id, { chat_room_id: roomId, message, type: 'text' })).message;
}

/** `blocker` blocks `blocked`, through the safety service (their room is hidden, as the route does). */
export async function buildBlock(app: FastifyInstance, blocker: { id: string }, blocked: { id: string }): Promise<void> {
  await app.services.safety.block(blocker.id, blocked.id);
}

/**
 * A profile photo's row (no image file: tests of lists and presenters need only its key), stored
 * by the profile repository; its id. Uploads through the service are tested in profile-photos.
 */
export async function buildPhoto(app: FastifyInstance, user: { id: string }, overrides: Partial<PhotoRow> = {}): Promise<string> {
  const row: PhotoRow = {
    id: newId(), user_id: user.id, position: 0, is_primary: true, storage_key: `photos/${newId()}/large.webp`, width: 1080, height: 1350,
    created_at: nowIso(), ...overrides,
  };
  const repo = new ProfileRepository(app.deps.db, app.deps.dialect);
  await app.deps.db.transaction().execute((trx) => repo.insertPhoto(trx, row));
  return row.id;
}

/** The member's one feed post, through the feed service (the member must be onboarded); its id. */
export async function buildPost(app: FastifyInstance, author: { id: string }, body: FeedPostBody = {}): Promise<string> {
  const { post } = await app.services.feed.createPost(author.id, FeedPostBodySchema.parse(body));
  if (!post) throw new Error('the feed service created no post');
  return post.id;
}

/** Premium for `days` (30) from `now` (the present), as the admin command grants it. */
export async function grantPremium(db: Kysely<Database>, user: { id: string }, options: { days?: number; now?: string } = {}): Promise<{ starts_at: string; ends_at: string }> {
  return grantPremiumDays(db, user.id, options.days ?? 30, options.now ?? nowIso());
}

/** A member with a staff role (issue 30): `moderator` by default, or `admin`. */
export async function buildModerator(db: Kysely<Database>, overrides: Partial<UserRow> = {}, role: 'moderator' | 'admin' = 'moderator'): Promise<UserRow> {
  const user = await buildUser(db, { name: `Moderator ${sequence + 1}`, ...overrides });
  await new MemberRolesRepository(db).grant(user.id, role, nowIso());
  return user;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one request helper: `const call = api(() => t.app)`, then `call(member, 'POST', '/chat/rooms', body)`
 * — `/api` before the URL, the member's bearer (a member, a token, or null for none), the payload
 * when given, and any further headers.
 */
export function api(app: FastifyInstance | (() => FastifyInstance)) {
  return (who: { token: string } | string | null, method: Method, url: string, payload?: InjectOptions['payload'], headers: Record<string, string> = {}) => {
    const token = typeof who === 'string' ? who : who?.token;
    return ('inject' in app ? app : app()).inject({
      method, url: `/api${url}`, headers: { ...(token ? bearer(token) : {}), ...headers }, ...(payload !== undefined ? { payload } : {}),
    });
  };
}
