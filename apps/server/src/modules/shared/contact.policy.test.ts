import { AGE_LIMITS } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { contactPolicy } from './contact.policy';

describe('contactPolicy.apart', () => {
  it('keeps apart a pair blocked either way or unmatched, and only those', () => {
    expect(contactPolicy.apart({ blocked: true, unmatched: false })).toBe(true);
    expect(contactPolicy.apart({ blocked: false, unmatched: true })).toBe(true);
    expect(contactPolicy.apart({ blocked: true, unmatched: true })).toBe(true);
    expect(contactPolicy.apart({ blocked: false, unmatched: false })).toBe(false);
  });
});

describe('contactPolicy.ageRangeRevealsAge', () => {
  it('is false without a range, and for the range of every age a member can have', () => {
    expect(contactPolicy.ageRangeRevealsAge(null)).toBe(false);
    expect(contactPolicy.ageRangeRevealsAge({ min: AGE_LIMITS.min, max: AGE_LIMITS.max })).toBe(false);
  });

  it('is true for any range that leaves an age out, however wide', () => {
    expect(contactPolicy.ageRangeRevealsAge({ min: AGE_LIMITS.min + 1, max: AGE_LIMITS.max })).toBe(true);
    expect(contactPolicy.ageRangeRevealsAge({ min: AGE_LIMITS.min, max: AGE_LIMITS.max - 1 })).toBe(true);
    expect(contactPolicy.ageRangeRevealsAge({ min: 30, max: 30 })).toBe(true);
  });
});

describe('contactPolicy.acceptsMessages (who may message me)', () => {
  const stranger = { matched: false, theyStarted: false, senderVerified: false };
  it('everyone: any member', () => {
    expect(contactPolicy.acceptsMessages('everyone', stranger)).toBe(true);
  });
  it('matches: a match or a conversation they started, never a stranger even when verified', () => {
    expect(contactPolicy.acceptsMessages('matches', stranger)).toBe(false);
    expect(contactPolicy.acceptsMessages('matches', { ...stranger, senderVerified: true })).toBe(false);
    expect(contactPolicy.acceptsMessages('matches', { ...stranger, matched: true })).toBe(true);
    expect(contactPolicy.acceptsMessages('matches', { ...stranger, theyStarted: true })).toBe(true);
  });
  it('verified: matches and photo-verified members, not an unverified stranger', () => {
    expect(contactPolicy.acceptsMessages('verified', stranger)).toBe(false);
    expect(contactPolicy.acceptsMessages('verified', { ...stranger, senderVerified: true })).toBe(true);
    expect(contactPolicy.acceptsMessages('verified', { ...stranger, matched: true })).toBe(true);
    expect(contactPolicy.acceptsMessages('verified', { ...stranger, theyStarted: true })).toBe(true);
  });
});
