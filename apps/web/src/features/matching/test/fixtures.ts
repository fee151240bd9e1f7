/** Builders for matching data in component tests (shapes from the contract). */
import {
  MATCHING_MESSAGES, dailyLimitMessage, errorCodeForStatus,
  type DiscoverCard, type ErrorCode, type ErrorDetails, type Match, type MatchStats, type MemberSummary, type Photo, type PublicProfile,
} from '@linkup/contract';
import { json } from '@/test/fixtures';

export const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });
export const failure = (status: number, message: string, extra: { code?: ErrorCode; details?: ErrorDetails } = {}) =>
  json(status, { success: false, status, code: extra.code ?? errorCodeForStatus(status), message, ...(extra.details ? { details: extra.details } : {}), timestamp: new Date().toISOString() });

/** The server's 429 for a used-up daily allowance of likes or super likes. */
export const dailyLimitFailure = (kind: 'likes' | 'super_likes', resetsAt: string) =>
  kind === 'likes'
    ? failure(429, dailyLimitMessage(MATCHING_MESSAGES.outOfLikes, resetsAt), { code: 'daily_likes_used', details: { resets_at: resetsAt } })
    : failure(429, dailyLimitMessage(MATCHING_MESSAGES.outOfSuperLikes, resetsAt), { code: 'daily_super_likes_used', details: { resets_at: resetsAt } });

export function buildPhoto(id: string, position = 0): Photo {
  return {
    id,
    url: `/media/${id}-large.jpg`,
    sizes: { large: `/media/${id}-large.jpg`, medium: `/media/${id}-medium.jpg`, thumb: `/media/${id}-thumb.jpg` },
    width: 1080,
    height: 1350,
    position,
    is_primary: position === 0,
    created_at: '2030-01-01T10:00:00.000Z',
  };
}

/** Another member's profile as GET /users/:id and match details answer it. */
export function buildProfile(id: string, name: string, overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id,
    name,
    age: 28,
    gender: 'female',
    city: 'Cape Town',
    province: 'Western Cape',
    distance: 'Less than 5 km away',
    about: `Hi, I am ${name}.`,
    photos: [buildPhoto(`${id}_p1`, 0)],
    interests: ['Hiking', 'Coffee'],
    marital_status: 'single',
    body_type: null,
    relationship_type: 'long_term',
    how_often_drink: null,
    love_language: null,
    height_cm: null,
    job_title: null,
    education: null,
    last_active_at: null,
    is_online: null,
    ...overrides,
  };
}

/** A discover card: the profile plus why it is shown. */
export function buildCard(id: string, name: string, overrides: Partial<DiscoverCard> = {}): DiscoverCard {
  return {
    ...buildProfile(id, name),
    reasons: ['2 shared interests'],
    compatibility: 80,
    is_boosted: false,
    shared_interests: ['Hiking', 'Coffee'],
    ...overrides,
  };
}

export function buildSummary(id: string, name: string, overrides: Partial<MemberSummary> = {}): MemberSummary {
  return { id, name, age: 29, city: 'Durban', photo: buildPhoto(`${id}_p`).sizes, ...overrides };
}

export function buildMatch(id: string, user: MemberSummary, overrides: Partial<Match> = {}): Match {
  return { id, kind: 'like', created_at: new Date().toISOString(), chat_room_id: `room_${id}`, user, ...overrides };
}

export function buildStats(overrides: Partial<MatchStats> = {}): MatchStats {
  return {
    likes_sent: 3,
    likes_received: 4,
    matches: 2,
    super_likes_received: 1,
    profile_views: 7,
    likes_left_today: 25,
    super_likes_left_today: 1,
    is_premium: false,
    boost_active_until: null,
    resets_at: '2030-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export const swipeResult = (action: 'like' | 'super_like' | 'pass', overrides: Record<string, unknown> = {}) => ({
  action, matched: false, match: null, likes_left: 24, super_likes_left: 1, ...overrides,
});

export const page = <T>(items: T[], total = items.length) => ({
  items, pagination: { current_page: 1, last_page: 1, per_page: 20, total },
});

/** Calls the app shell makes on every page (the Messages badge), answered quietly. */
export const shellHandlers = {
  'GET /api/chat/rooms': () => ok({ items: [], pagination: { current_page: 1, last_page: 1, per_page: 100, total: 0 } }),
};
