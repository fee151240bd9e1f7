import { describe, expect, it } from 'vitest';
import { membersPolicy, type RelationFacts } from './members.policy';

const facts = (overrides: Partial<RelationFacts> = {}): RelationFacts => ({
  matched: false, likedMe: false, messagePolicy: 'everyone', viewerIsPremium: false, viewerIsVerified: false, ...overrides,
});

describe('membersPolicy.relation', () => {
  it('tells a free member nothing of a like that has not made a match (People Who Like You is premium)', () => {
    expect(membersPolicy.relation(facts({ likedMe: true }))).toEqual({ matched: false, liked_me: false, accepts_messages: true, verification_unlocks_messages: false });
  });

  it('tells a premium member who liked them', () => {
    expect(membersPolicy.relation(facts({ likedMe: true, viewerIsPremium: true })).liked_me).toBe(true);
    expect(membersPolicy.relation(facts({ likedMe: false, viewerIsPremium: true })).liked_me).toBe(false);
  });

  it('a match tells anyone the like it was made of', () => {
    expect(membersPolicy.relation(facts({ matched: true, likedMe: true }))).toEqual({ matched: true, liked_me: true, accepts_messages: true, verification_unlocks_messages: false });
  });

  it('accepts messages unless the member takes them from matches only and the two are not matched', () => {
    expect(membersPolicy.relation(facts({ messagePolicy: 'matches' })).accepts_messages).toBe(false);
    expect(membersPolicy.relation(facts({ messagePolicy: 'matches', matched: true })).accepts_messages).toBe(true);
    // Issue 31: 'verified' accepts matches and photo-verified viewers.
    expect(membersPolicy.relation(facts({ messagePolicy: 'verified' })).accepts_messages).toBe(false);
    expect(membersPolicy.relation(facts({ messagePolicy: 'verified', viewerIsVerified: true })).accepts_messages).toBe(true);
    expect(membersPolicy.relation(facts({ messagePolicy: 'matches', viewerIsVerified: true })).accepts_messages).toBe(false);
  });

  it('says when getting verified would open messages: only for a `verified` policy, an unverified viewer, no match', () => {
    const unlocks = (f: Partial<RelationFacts>) => membersPolicy.relation(facts(f)).verification_unlocks_messages;
    expect(unlocks({ messagePolicy: 'verified' })).toBe(true);
    expect(unlocks({ messagePolicy: 'verified', viewerIsVerified: true })).toBe(false);
    expect(unlocks({ messagePolicy: 'verified', matched: true })).toBe(false);
    expect(unlocks({ messagePolicy: 'matches' })).toBe(false);
    expect(unlocks({ messagePolicy: 'everyone' })).toBe(false);
  });
});

describe('membersPolicy.assertVisible', () => {
  it('answers 404 alike for an unknown member and a hidden one', () => {
    expect(() => membersPolicy.assertVisible(undefined)).toThrow(expect.objectContaining({ status: 404, code: 'member_not_found' }));
    expect(() => membersPolicy.assertVisible({ hidden: true })).toThrow(expect.objectContaining({ status: 404, code: 'member_not_found' }));
    expect(() => membersPolicy.assertVisible({ hidden: false })).not.toThrow();
  });
});
