import { describe, expect, it } from 'vitest';
import {
  ApiErrorSchema, ChatMessageSchema, ERROR_CODES, ErrorCodeSchema, ErrorDetailsSchema, errorDetailsFrom, isErrorCode, FeedFiltersSchema, FeedPostBodySchema, PaginationSchema, PushDataSchema,
  PushTokenRegistrationSchema, ResetPasswordLinkParamsSchema, SessionSchema, applyLikeToggle, envelope, isSendableMessage,
  IdSchema, RegisterBodySchema, SendMessageBodySchema, TEXT_MESSAGES, UserSearchQuerySchema, lineText, multilineText,
  MESSAGE_REQUESTS_PATH, needsOnboarding, notificationActionPath, pageQuery,
} from './index';
import { z } from 'zod';

describe('entities (spec §3)', () => {
  it('parses a session and rejects one without a token', () => {
    const user = { id: 'u1', name: 'Thandi', phone_number: '+27821234567', email: 't@x.co', profile_completed: false, onboarding_completed_at: null };
    expect(SessionSchema.parse({ token: 't', user }).user.name).toBe('Thandi');
    expect(SessionSchema.safeParse({ token: '', user }).success).toBe(false);
  });

  it('defaults a chat message type to text', () => {
    const m = ChatMessageSchema.parse({ id: 'm', chat_room_id: 'r', user_id: 'u', message: 'hi', is_edited: false, created_at: '2026-01-01T00:00:00.000Z' });
    expect(m.type).toBe('text');
  });

  it('defaults pagination per_page to 50 and pages to 1', () => {
    expect(PaginationSchema.parse({ current_page: 1, last_page: 1, total: 0 }).per_page).toBe(50);
    expect(pageQuery(15).parse({})).toEqual({ page: 1, per_page: 15 });
    expect(pageQuery(15).safeParse({ per_page: '1000' }).success).toBe(false);
  });

  it('applies the feed post defaults (available, age 18–35) and checks the age range', () => {
    const post = FeedPostBodySchema.parse({ profile_description: '  Hi  ' });
    expect(post).toMatchObject({ is_available: true, preferred_age_min: 18, preferred_age_max: 35, profile_description: 'Hi' });
    expect(FeedPostBodySchema.safeParse({ preferred_age_min: 17 }).success).toBe(false);
    expect(FeedPostBodySchema.safeParse({ preferred_age_max: 100 }).success).toBe(false);
    expect(FeedPostBodySchema.safeParse({ preferred_age_min: 40, preferred_age_max: 30 }).success).toBe(false);
    expect(FeedPostBodySchema.safeParse({ body_type: 'giant' }).success).toBe(false);
  });

  it('refuses NUL, controls and bidi overrides in post text, keeps line breaks', () => {
    expect(FeedPostBodySchema.safeParse({ profile_description: 'a\u0000b' }).success).toBe(false);
    expect(FeedPostBodySchema.safeParse({ profile_description: 'evil\u202Etxt' }).success).toBe(false);
    expect(FeedPostBodySchema.safeParse({ preferred_city: 'x\u2066y' }).success).toBe(false);
    expect(FeedPostBodySchema.parse({ profile_description: 'line one\nline two' }).profile_description).toBe('line one\nline two');
  });

  it('coerces feed filters from query strings', () => {
    expect(FeedFiltersSchema.parse({ ageMin: '21', gender: 'female' })).toEqual({ ageMin: 21, gender: 'female' });
  });

  it('accepts push data with only a type, and a registration with device type', () => {
    expect(PushDataSchema.parse({ type: 'like' })).toEqual({ type: 'like' });
    expect(PushTokenRegistrationSchema.safeParse({ fcm_token: 'x', device_type: 'web' }).success).toBe(true);
    expect(PushTokenRegistrationSchema.safeParse({ fcm_token: '', device_type: 'web' }).success).toBe(false);
    expect(PushTokenRegistrationSchema.safeParse({ fcm_token: 'x', device_type: 'windows' }).success).toBe(false);
    expect(PushTokenRegistrationSchema.safeParse({ fcm_token: 'x\u0000y', device_type: 'ios' }).success).toBe(false);
    expect(PushTokenRegistrationSchema.safeParse({ fcm_token: 'x', device_type: 'android', device_name: 'Pixel\u202E8' }).success).toBe(false);
    expect(PushTokenRegistrationSchema.safeParse({ fcm_token: 'x', device_type: 'android', user_agent: 'a\u0000b' }).success).toBe(false);
    expect(PushTokenRegistrationSchema.parse({ fcm_token: 'x', device_type: 'android', device_name: ' Pixel 8 ' }).device_name).toBe('Pixel 8');
  });

  it('reads a reset link by its token alone: the link carries no mobile number (issue 32 item 11)', () => {
    expect(ResetPasswordLinkParamsSchema.safeParse({ token: 't' }).success).toBe(true);
    expect(ResetPasswordLinkParamsSchema.safeParse({}).success).toBe(false);
    expect(ResetPasswordLinkParamsSchema.parse({ token: 't', mobile: '+27' })).toEqual({ token: 't' });
  });

  it('describes the API error object and the envelope', () => {
    expect(ApiErrorSchema.safeParse({ success: false, message: 'x', status: 422, code: 'validation_failed', errors: { email: ['bad'] }, timestamp: 'now' }).success).toBe(true);
    expect(ApiErrorSchema.safeParse({ success: false, message: 'x', status: 429, code: 'daily_likes_used', details: { resets_at: '2030-01-02T00:00:00.000Z' }, timestamp: 'now' }).success).toBe(true);
    // Every error has a code of the catalogue.
    expect(ApiErrorSchema.safeParse({ success: false, message: 'x', status: 422, timestamp: 'now' }).success).toBe(false);
    expect(ApiErrorSchema.safeParse({ success: false, message: 'x', status: 422, code: 'made_up', timestamp: 'now' }).success).toBe(false);
    expect(envelope(z.number()).parse({ success: true, data: 1 })).toEqual({ success: true, data: 1 });
  });

  it('reads error codes and details without zod exactly as the schemas do (the web client uses these)', () => {
    for (const code of [...ERROR_CODES, 'made_up', 'toString', '', 42, null, undefined]) {
      expect(isErrorCode(code), String(code)).toBe(ErrorCodeSchema.safeParse(code).success);
    }
    const details = [undefined, null, 'x', [], {}, { resets_at: '2030-01-02T00:00:00.000Z' }, { resets_at: 7 }, { other: 1 }, { resets_at: '2030-01-02T00:00:00.000Z', other: 1 },
      { remaining: 2 }, { remaining: 0, resets_at: '2030-01-02T00:00:00.000Z' }, { remaining: -1 }, { remaining: 1.5 }, { remaining: '2' }];
    for (const value of details) {
      const parsed = ErrorDetailsSchema.safeParse(value);
      expect(errorDetailsFrom(value), JSON.stringify(value)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });
});

describe('rules', () => {
  it('sends onboarding when the profile is incomplete or onboarding never finished', () => {
    expect(needsOnboarding({ profile_completed: false, onboarding_completed_at: '2026-01-01' })).toBe(true);
    expect(needsOnboarding({ profile_completed: true, onboarding_completed_at: null })).toBe(true);
    expect(needsOnboarding({ profile_completed: true, onboarding_completed_at: '2026-01-01' })).toBe(false);
  });

  it('refuses whitespace-only messages', () => {
    expect(isSendableMessage('  \n ')).toBe(false);
    expect(isSendableMessage(' hi ')).toBe(true);
  });

  it('toggles likes with a floor of zero', () => {
    expect(applyLikeToggle({ is_liked: false, likes_count: 2 }, true)).toEqual({ is_liked: true, likes_count: 3 });
    expect(applyLikeToggle({ is_liked: true, likes_count: 0 }, false)).toEqual({ is_liked: false, likes_count: 0 });
  });

  it('routes notification actions (spec §2)', () => {
    expect(notificationActionPath('view_profile', { viewer_id: 'v' })).toBe('/app/user/v');
    expect(notificationActionPath('view_profile', { sender_id: 's' })).toBe('/app/user/s');
    // Issue 32: a hidden member leads to what unlocks them; a view to Profile Visitors; a post like to the post.
    expect(notificationActionPath('view_profile', {})).toBe('/app/subscription?unlock=likes');
    expect(notificationActionPath('like_back', { type: 'like' })).toBe('/app/subscription?unlock=likes');
    expect(notificationActionPath('view_profile', { type: 'profile_view' })).toBe('/app/visitors');
    expect(notificationActionPath('view_profile', { type: 'profile_view', viewer_id: 'v' })).toBe('/app/user/v');
    expect(notificationActionPath('view_post', { type: 'post_like', post_id: 'p' })).toBe('/app/feed/posts/p');
    expect(notificationActionPath('view_requests', { chat_room_id: 'r' })).toBe(MESSAGE_REQUESTS_PATH);
    expect(notificationActionPath('view_matches', {})).toBe('/app/matches');
    expect(notificationActionPath('start_chat', { chat_room_id: 'r' })).toBe('/app/chat/r');
    expect(notificationActionPath('open_chat', {})).toBe('/app/chat');
    expect(notificationActionPath('view_chats', { chat_room_id: 'r' })).toBe('/app/chat');
    expect(notificationActionPath('something', {})).toBe('/app/dashboard');
  });
});

describe('text and id inputs refuse hidden characters (issue #12 items 2 and 12)', () => {
  const hostile = ['a\u0000b', 'a\u0001b', 'a\u001Fb', 'a\u007Fb', 'a\u0085b', 'a\u009Fb', 'a\u202Eb', 'a\u202Ab', 'a\u2066b', 'a\u2069b'];

  it('one-line text: no NUL, no control (tab and newline included), no bidi override or isolate', () => {
    for (const value of [...hostile, 'a\tb', 'a\nb']) expect(lineText().safeParse(value).success, JSON.stringify(value)).toBe(false);
    for (const value of ['Thandi', 'Zoë van der Merwe', 'مريم', '😀 ok']) expect(lineText().parse(value)).toBe(value);
  });

  it('multi-line text keeps tab and line breaks, refuses the rest', () => {
    for (const value of hostile) expect(multilineText().safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(multilineText().parse('line one\r\nline two\tend')).toBe('line one\r\nline two\tend');
  });

  it('names, messages, search and ids answer with the message a form shows', () => {
    const register = RegisterBodySchema.safeParse({ name: 'Evil\u202Eknaht' });
    expect(register.success).toBe(false);
    expect(register.error?.issues.find((i) => i.path[0] === 'name')?.message).toBe(TEXT_MESSAGES.hiddenCharacters);
    expect(SendMessageBodySchema.safeParse({ chat_room_id: 'r1', message: 'hi\u0000' }).success).toBe(false);
    expect(SendMessageBodySchema.safeParse({ chat_room_id: 'r\u00001', message: 'hi' }).success).toBe(false);
    expect(UserSearchQuerySchema.safeParse({ search: 'ab\u0000' }).success).toBe(false);
    expect(IdSchema.safeParse('AbC_09-xyz').success).toBe(true);
    for (const id of ['', 'a b', 'a\u0000', '../x', 'x'.repeat(65), 'é']) expect(IdSchema.safeParse(id).success, id).toBe(false);
  });
});
