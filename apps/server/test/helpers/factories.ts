import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database, UserRow } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { newId } from '../../src/lib/ids';
import { nowIso } from '../../src/lib/time';
import { pairKey } from '../../src/lib/pair-key';

let sequence = 0;
let cachedHash: Promise<string> | undefined;
export const FACTORY_PASSWORD = 'correct-horse-battery-9';

/** A member with sensible defaults; any column can be overridden. */
export async function buildUser(db: Kysely<Database>, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  sequence += 1;
  cachedHash ??= hashPassword(FACTORY_PASSWORD);
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    name: `Member ${sequence}`,
    email: `member${sequence}.${newId().slice(0, 6).toLowerCase()}@example.test`,
    phone_number: `+2783${String(1_000_000 + Math.floor(Math.random() * 8_999_999)).padStart(7, '0')}`,
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
  await db.insertInto('users').values({ ...row, profile_completed: Boolean(row.profile_completed), is_demo: Boolean(row.is_demo) }).execute();
  return row;
}

/**
 * A member who registered but has not confirmed their number with its code yet (issue 27): the
 * number waits in `pending_phone_number`. Onboarded, like `buildUser`'s, unless overridden.
 */
export function buildUnconfirmedUser(db: Kysely<Database>, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  const mobile = `+2786${String(1_000_000 + Math.floor(Math.random() * 8_999_999)).padStart(7, '0')}`;
  return buildUser(db, { phone_number: null, pending_phone_number: mobile, phone_verified_at: null, ...overrides });
}

/**
 * A match between two members (as a mutual like leaves it): they write to each other directly,
 * never as a message request (issue 29). For tests about chat that are not about requests.
 */
export async function buildMatch(db: Kysely<Database>, a: { id: string }, b: { id: string }): Promise<void> {
  const [userA, userB] = [a.id, b.id].sort() as [string, string];
  await db.insertInto('matches').values({
    id: newId(), pair_key: pairKey(a.id, b.id), user_a: userA, user_b: userB, kind: 'like', chat_room_id: null,
    created_at: nowIso(), unmatched_at: null, unmatched_by: null,
  }).onConflict((oc) => oc.column('pair_key').doNothing()).execute();
}

/** A bearer token for a member, issued by the real auth service. */
export async function signIn(app: FastifyInstance, user: UserRow): Promise<string> {
  const { token } = await app.services.auth.startSession(user, { ip: '127.0.0.1', userAgent: 'vitest' });
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A member with a staff role (issue 30): `moderator` by default, or `admin`. */
export async function buildModerator(db: Kysely<Database>, overrides: Partial<UserRow> = {}, role: 'moderator' | 'admin' = 'moderator'): Promise<UserRow> {
  const user = await buildUser(db, { name: `Moderator ${sequence + 1}`, ...overrides });
  await db.insertInto('member_roles').values({ user_id: user.id, role, granted_at: nowIso() }).execute();
  return user;
}
