import { describe, expect, it } from 'vitest';
import {
  ApiErrorSchema, ChatMessageSchema, FeedFiltersSchema, FeedPostBodySchema, PaginationSchema, PushDataSchema,
  PushTokenRegistrationSchema, ResetPasswordLinkParamsSchema, SessionSchema, applyLikeToggle, envelope, isSendableMessage,
  needsOnboarding, notificationActionPath, pageQuery,
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
  });

  it('needs both token and mobile for a reset link', () => {
    expect(ResetPasswordLinkParamsSchema.safeParse({ token: 't' }).success).toBe(false);
    expect(ResetPasswordLinkParamsSchema.safeParse({ token: 't', mobile: '+27' }).success).toBe(true);
  });

  it('describes the API error object and the envelope', () => {
    expect(ApiErrorSchema.safeParse({ success: false, message: 'x', status: 422, errors: { email: ['bad'] }, timestamp: 'now' }).success).toBe(true);
    expect(envelope(z.number()).parse({ success: true, data: 1 })).toEqual({ success: true, data: 1 });
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
    expect(notificationActionPath('view_profile', {})).toBe('/app/dashboard');
    expect(notificationActionPath('view_matches', {})).toBe('/app/matches');
    expect(notificationActionPath('start_chat', { chat_room_id: 'r' })).toBe('/app/chat/r');
    expect(notificationActionPath('open_chat', {})).toBe('/app/chat');
    expect(notificationActionPath('view_chats', { chat_room_id: 'r' })).toBe('/app/chat');
    expect(notificationActionPath('something', {})).toBe('/app/dashboard');
  });
});
