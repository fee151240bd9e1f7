import { describe, expect, it } from 'vitest';
import { badgeText, chatMessageTime, dateOnly, formatCountdown, initials, plural, relativeTime, roomListTime, yearsBefore } from '@/lib/format';

// Local times, so the expectations hold in any time zone. Wednesday 15 January 2025, 14:30.
const now = new Date(2025, 0, 15, 14, 30, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('badgeText', () => {
  it('shows the count up to nine and 9+ above', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-2)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});

describe('initials', () => {
  it('uses at most two letters, first and last word', () => {
    expect(initials('Alex Demo')).toBe('AD');
    expect(initials('mary jane van der berg')).toBe('MB');
    expect(initials('Thandi')).toBe('T');
    expect(initials('  ')).toBe('?');
    expect(initials(null)).toBe('?');
  });

  it('counts graphemes, never cutting an emoji or a combined letter in half', () => {
    expect(initials('Thandi 🌸')).toBe('T');
    expect(initials('Thandi Zulu🌸')).toBe('TZ');
    expect(initials('🌸')).toBe('🌸');
    expect(initials('👩‍👩‍👧 Family')).toBe('F');
    expect(initials('e\u0301lodie zoe')).toBe('E\u0301Z');
    expect(initials('Ånne Øst')).toBe('ÅØ');
  });
});

describe('plural', () => {
  it('picks the singular only for one', () => {
    expect(plural(1, 'unread message')).toBe('1 unread message');
    expect(plural(0, 'unread message')).toBe('0 unread messages');
    expect(plural(3, 'match', 'matches')).toBe('3 matches');
  });
});

describe('relativeTime', () => {
  it("is 'Just now' under a minute", () => {
    expect(relativeTime(now, now)).toBe('Just now');
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
    expect(relativeTime(new Date(now.getTime() + 5_000), now)).toBe('Just now');
  });

  it('counts minutes, then hours', () => {
    expect(relativeTime(ago(MIN), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * MIN + 30_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(59 * MIN), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR), now)).toBe('23 hours ago');
  });

  it('shows a date from one day on, with the year only when it differs', () => {
    expect(relativeTime(ago(DAY), now)).toBe('Jan 14');
    expect(relativeTime(new Date(2024, 11, 25, 9, 0), now)).toBe('Dec 25, 2024');
  });

  it('accepts ISO strings and ignores bad input', () => {
    expect(relativeTime(ago(2 * MIN).toISOString(), now)).toBe('2 minutes ago');
    expect(relativeTime('not a date', now)).toBe('');
    expect(relativeTime(null, now)).toBe('');
  });
});

describe('roomListTime', () => {
  it('shows the clock time within the last day', () => {
    expect(roomListTime(new Date(2025, 0, 15, 9, 5), now)).toBe('9:05 AM');
    expect(roomListTime(new Date(2025, 0, 14, 15, 0), now)).toBe('3:00 PM');
  });

  it('shows the short weekday within 7 days', () => {
    expect(roomListTime(new Date(2025, 0, 14, 14, 0), now)).toBe('Tue');
    expect(roomListTime(new Date(2025, 0, 9, 8, 0), now)).toBe('Thu');
  });

  it('shows month and day from 7 days on', () => {
    expect(roomListTime(new Date(2025, 0, 8, 14, 30), now)).toBe('Jan 8');
    expect(roomListTime(new Date(2024, 10, 2, 10, 0), now)).toBe('Nov 2, 2024');
  });
});

describe('chatMessageTime', () => {
  it('shows the clock time for today', () => {
    expect(chatMessageTime(new Date(2025, 0, 15, 0, 1), now)).toBe('12:01 AM');
    expect(chatMessageTime(new Date(2025, 0, 15, 14, 29), now)).toBe('2:29 PM');
  });

  it('shows date and time for other days', () => {
    expect(chatMessageTime(new Date(2025, 0, 14, 23, 59), now)).toBe('Jan 14, 11:59 PM');
    expect(chatMessageTime(new Date(2024, 5, 3, 8, 15), now)).toBe('Jun 3, 2024, 8:15 AM');
  });
});

describe('formatCountdown', () => {
  it('reads m:ss', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(null)).toBe('0:00');
  });
});

describe('dates', () => {
  it('formats a local calendar date as YYYY-MM-DD', () => {
    expect(dateOnly(new Date(2001, 0, 9))).toBe('2001-01-09');
  });

  it('goes back whole years, with 29 February landing on 28 February', () => {
    expect(yearsBefore(18, new Date(2030, 5, 15))).toBe('2012-06-15');
    expect(yearsBefore(18, new Date(2028, 1, 29))).toBe('2010-02-28');
  });
});
