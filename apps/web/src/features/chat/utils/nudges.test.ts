import { describe, expect, it } from 'vitest';
import { bannerOf, bothersOf, conversationStage, reportReasonFor } from '@/features/chat/utils/nudges';
import { splitLinks } from '@/features/chat/utils/links';

describe('nudges (issue 29)', () => {
  it('shows a banner to the reader only, money first, then moving off LinkUp', () => {
    expect(bannerOf({ flags: ['contact_details', 'money'] }, false)).toBe('money');
    expect(bannerOf({ flags: ['link'] }, false)).toBe('offPlatform');
    expect(bannerOf({ flags: ['contact_details'] }, false)).toBe('offPlatform');
    expect(bannerOf({ flags: ['offensive'] }, false)).toBeNull();
    expect(bannerOf({ flags: ['money'] }, true)).toBeNull();
    expect(bannerOf({}, false)).toBeNull();
  });

  it('asks "Does this bother you?" under a hurtful message only, reported as harassment', () => {
    expect(bothersOf({ flags: ['offensive'] }, false)).toBe(true);
    expect(bothersOf({ flags: ['offensive'] }, true)).toBe(false);
    expect(reportReasonFor({ flags: ['offensive', 'money'] })).toBe('harassment');
    expect(reportReasonFor({ flags: ['money'] })).toBe('scam_or_spam');
  });

  it('shows banners while fewer than 20 messages are exchanged, links once each has sent 5', () => {
    const of = (mine: number, theirs: number) => [...Array(mine).fill({ user_id: 'me' }), ...Array(theirs).fill({ user_id: 'them' })];
    expect(conversationStage(of(10, 9), false, 'me')).toEqual({ bannersShown: true, linksActive: true });
    expect(conversationStage(of(10, 10), false, 'me').bannersShown).toBe(false);
    expect(conversationStage(of(3, 3), true, 'me').bannersShown).toBe(false);
    expect(conversationStage(of(4, 12), false, 'me').linksActive).toBe(false);
    expect(conversationStage(of(5, 5), false, null).linksActive).toBe(false);
  });
});

describe('splitLinks (issue 29)', () => {
  it('splits web addresses from the text, without the sentence punctuation after them', () => {
    expect(splitLinks('see https://example.com/a?b=1, or www.example.org.')).toEqual([
      { text: 'see ' }, { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' }, { text: ', or ' },
      { text: 'www.example.org', href: 'https://www.example.org' }, { text: '.' },
    ]);
  });

  it('never makes a link of another scheme or of text without an address', () => {
    expect(splitLinks('javascript:alert(1) and mailto:x@example.com')).toEqual([{ text: 'javascript:alert(1) and mailto:x@example.com' }]);
    expect(splitLinks('no links here')).toEqual([{ text: 'no links here' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
