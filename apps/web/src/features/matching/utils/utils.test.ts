import { MATCHING_MESSAGES, type ActivityItem } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { swipeIntent, swipeStamp } from '@/features/matching/hooks/use-swipe-gesture';
import { groupByDay } from '@/features/matching/utils/activity';
import { dailyLimitOf, isPremiumRequired, resetTimeLabel } from '@/features/matching/utils/errors';
import { apiErrorFrom } from '@/lib/api-client';

/** An error as the API client builds it from a body (code and details as the server sends them). */
const apiError = (status: number, message: string, extra: { code?: string; details?: object } = {}) =>
  apiErrorFrom(status, { success: false, status, message, ...extra });

describe('dailyLimitOf', () => {
  it('reads the kind of limit from the code and when it resets from the details, never from the words', () => {
    const resets_at = '2030-01-02T00:00:00.000Z';
    expect(dailyLimitOf(apiError(429, 'any words', { code: 'daily_likes_used', details: { resets_at } })))
      .toEqual({ kind: 'likes', message: MATCHING_MESSAGES.outOfLikes, resetsAt: resets_at });
    expect(dailyLimitOf(apiError(429, 'any words', { code: 'daily_super_likes_used', details: { resets_at } }))?.kind).toBe('super_likes');
    expect(dailyLimitOf(apiError(429, `${MATCHING_MESSAGES.outOfLikes} You get more at midnight UTC (${resets_at}).`, { code: 'rate_limited' }))).toBeNull();
  });

  it('is null for other failures: a general rate limit, the weekly boost, other statuses', () => {
    expect(dailyLimitOf(apiError(429, 'Too many requests. Please try again later.'))).toBeNull();
    expect(dailyLimitOf(apiError(429, MATCHING_MESSAGES.boostUsed, { code: 'boost_used' }))).toBeNull();
    expect(dailyLimitOf(apiError(402, MATCHING_MESSAGES.premiumOnly))).toBeNull();
    expect(dailyLimitOf(new Error('x'))).toBeNull();
  });

  it('tells premium-only answers apart', () => {
    expect(isPremiumRequired(apiError(402, MATCHING_MESSAGES.premiumOnly, { code: 'premium_required' }))).toBe(true);
    expect(isPremiumRequired(apiError(403, 'Access denied.'))).toBe(false);
  });
});

describe('resetTimeLabel', () => {
  it('says today, tomorrow or the date, in local time', () => {
    const now = new Date(2030, 0, 1, 20, 0);
    expect(resetTimeLabel(new Date(2030, 0, 1, 23, 30).toISOString(), now)).toBe('today at 11:30 PM');
    expect(resetTimeLabel(new Date(2030, 0, 2, 2, 0).toISOString(), now)).toBe('tomorrow at 2:00 AM');
    expect(resetTimeLabel(new Date(2030, 0, 5, 2, 0).toISOString(), now)).toBe('Saturday, Jan 5 at 2:00 AM');
  });
});

describe('groupByDay', () => {
  const item = (at: Date): ActivityItem => ({ type: 'like_sent', at: at.toISOString(), match_id: null, user: { id: 'u', name: 'U', age: null, city: null, photo: null } });
  it('groups newest first under Today, Yesterday and dates', () => {
    const now = new Date(2030, 5, 10, 12, 0);
    const days = groupByDay([item(new Date(2030, 5, 10, 9)), item(new Date(2030, 5, 10, 1)), item(new Date(2030, 5, 9, 22)), item(new Date(2029, 11, 31, 10))], now);
    expect(days.map((d) => [d.label, d.items.length])).toEqual([
      ['Today', 2], ['Yesterday', 1], ['Monday, December 31, 2029', 1],
    ]);
  });
});

describe('swipeIntent', () => {
  it('right likes, left passes, up super likes; short drags do nothing', () => {
    expect(swipeIntent({ x: 120, y: 10 })).toBe('like');
    expect(swipeIntent({ x: -120, y: 10 })).toBe('pass');
    expect(swipeIntent({ x: 20, y: -150 })).toBe('super_like');
    expect(swipeIntent({ x: 40, y: -40 })).toBeNull();
    expect(swipeIntent({ x: 0, y: 200 })).toBeNull();
  });
});

describe('swipeStamp', () => {
  it('shows the direction\'s stamp while dragging, stronger with the distance, full at the threshold', () => {
    expect(swipeStamp(null)).toBeNull();
    expect(swipeStamp({ x: 45, y: 5 })).toEqual({ action: 'like', strength: 0.5 });
    expect(swipeStamp({ x: -90, y: 0 })).toEqual({ action: 'pass', strength: 1 });
    expect(swipeStamp({ x: -300, y: 0 })).toEqual({ action: 'pass', strength: 1 });
    expect(swipeStamp({ x: 10, y: -45 })).toEqual({ action: 'super_like', strength: 0.5 });
    expect(swipeStamp({ x: 0, y: 40 })).toBeNull();
  });
});
