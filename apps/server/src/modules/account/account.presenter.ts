import type { AccountExport, Settings } from '@linkup/contract';
import { photoUrls } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool, type UserRow } from '../../db/schema';
import { presentPhoto } from '../shared/photo.presenter';
import { datingFields } from '../shared/dating-fields';
import { mobileOf } from '../shared/session-user.presenter';
import type { AccountRepository } from './account.repository';

type Rows<K extends keyof AccountRepository> = AccountRepository[K] extends (...args: never[]) => Promise<infer R> ? R : never;

export interface ExportInput {
  user: UserRow;
  currentSessionId: string;
  settings: Settings;
  photos: Rows<'photos'>;
  interests: string[];
  preferences: Rows<'preferences'>;
  blocks: Rows<'blocks'>;
  reports: Rows<'reports'>;
  visits: Rows<'visitsMade'>;
  swipes: Rows<'swipes'>;
  matches: Rows<'matches'>;
  subscriptions: Rows<'subscriptions'>;
  rooms: Rows<'rooms'>;
  messages: Rows<'roomMessages'>;
  supportMessages: Rows<'supportMessages'>;
  feedPost: Rows<'feedPost'>;
  feedLikes: Rows<'feedLikes'>;
  notifications: Rows<'notifications'>;
  sessions: Rows<'sessions'>;
  authEvents: Rows<'authEvents'>;
  generatedAt: string;
}

/** JSON text columns (lists of preference values) as the values they hold. */
function decodeColumns(row: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'string' && /^[[{]/.test(value)) {
      try {
        result[key] = JSON.parse(value) as unknown;
        continue;
      } catch {
        // Not JSON after all: kept as text.
      }
    }
    result[key] = value;
  }
  return result;
}

/**
 * The member's data export. An allow-list like every presenter: the password hash, session token
 * hashes and codes are never read into it, and other members appear only by id and name.
 */
export function presentExport(storage: PhotoStorage, input: ExportInput): AccountExport {
  const { user } = input;
  const messagesByRoom = new Map<string, ExportInput['messages']>();
  for (const message of input.messages) {
    const list = messagesByRoom.get(message.room_id) ?? [];
    list.push(message);
    messagesByRoom.set(message.room_id, list);
  }
  const { user_id: _owner, ...preferences } = input.preferences ?? { user_id: '' };

  return {
    format: 'linkup-data-export',
    version: 1,
    generated_at: input.generatedAt,
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified_at: user.email_verified_at,
      phone_number: mobileOf(user),
      phone_verified_at: user.phone_verified_at,
      profile_completed: toBool(user.profile_completed),
      onboarding_completed_at: user.onboarding_completed_at,
      last_active_at: user.last_active_at,
      created_at: user.created_at,
      updated_at: user.updated_at,
    },
    profile: {
      date_of_birth: user.date_of_birth,
      gender: user.gender,
      about: user.about,
      city: user.city,
      province: user.province,
      location_cell: user.location_cell,
      ...datingFields(user),
    },
    photos: input.photos.map((row) => {
      const photo = presentPhoto(storage, row);
      return { id: photo.id, url: photo.url, sizes: photo.sizes, position: photo.position, is_primary: photo.is_primary, created_at: photo.created_at };
    }),
    interests: input.interests,
    preferences: input.preferences ? decodeColumns(preferences) : null,
    settings: input.settings,
    blocks: input.blocks.map((b) => ({ member_id: b.member_id, name: b.name, created_at: b.created_at })),
    reports: input.reports.map((r) => ({
      id: r.id, member_id: r.member_id, name: r.name, reason: r.reason, details: r.details, status: r.status, created_at: r.created_at,
    })),
    profile_visits: input.visits.map((v) => ({ member_id: v.member_id, name: v.name, visit_date: v.visit_date, created_at: v.created_at })),
    swipes: input.swipes.map((s) => ({ member_id: s.member_id, name: s.name, action: s.action, created_at: s.created_at })),
    matches: input.matches.map((m) => ({
      id: m.id, member_id: m.member_id, name: m.name, kind: m.kind, created_at: m.created_at, unmatched_at: m.unmatched_at,
    })),
    subscriptions: input.subscriptions.map((s) => ({ ...s })),
    chat_rooms: input.rooms.map((room) => ({
      id: room.room_id,
      name: room.name,
      joined_at: room.joined_at,
      left_at: room.left_at,
      messages: (messagesByRoom.get(room.room_id) ?? []).map((m) => ({
        id: m.id,
        mine: m.user_id === user.id,
        author_name: m.user_id === user.id ? user.name : m.author_name,
        message: m.message,
        type: m.type,
        is_edited: toBool(m.is_edited),
        created_at: m.created_at,
        updated_at: m.updated_at,
      })),
    })),
    support_messages: input.supportMessages.map((m) => ({ ...m })),
    feed_post: input.feedPost
      ? {
        ...decodeColumns(input.feedPost.post),
        is_available: toBool(input.feedPost.post.is_available),
        photos: input.feedPost.images.map((i) => ({ slot: i.slot, sizes: photoUrls(storage, i.storage_key) })),
        likes_count: input.feedPost.likes,
      }
      : null,
    feed_likes: input.feedLikes.map((l) => ({ post_id: l.post_id, member_id: l.member_id, name: l.name, created_at: l.created_at })),
    notifications: input.notifications.map((n) => ({ ...n, is_read: toBool(n.is_read), is_clicked: toBool(n.is_clicked) })),
    sessions: input.sessions.map((s) => ({
      current: s.id === input.currentSessionId,
      created_at: s.created_at,
      last_used_at: s.last_used_at,
      expires_at: s.expires_at,
      revoked_at: s.revoked_at,
      user_agent: s.user_agent,
      ip: s.ip,
    })),
    auth_events: input.authEvents.map((e) => ({ kind: e.kind, ip: e.ip, created_at: e.created_at })),
  };
}
