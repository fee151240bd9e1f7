import { describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES } from '@linkup/contract';
import { safetyPolicy, type ReportTarget } from './safety.policy';

const open = { blocked: false, unmatched: false };
const target = (over: Partial<ReportTarget>): ReportTarget => ({ exists: true, pair: open, hadContact: false, ...over });

describe('safetyPolicy.mayReport (issue 29: who may report whom)', () => {
  it('allows reporting a member one can see, with or without contact', () => {
    expect(safetyPolicy.mayReport(target({}))).toBe(true);
    expect(safetyPolicy.mayReport(target({ hadContact: true }))).toBe(true);
  });

  it('allows reporting after an unmatch or a block (either way) when the two had contact', () => {
    expect(safetyPolicy.mayReport(target({ pair: { blocked: false, unmatched: true }, hadContact: true }))).toBe(true);
    expect(safetyPolicy.mayReport(target({ pair: { blocked: true, unmatched: false }, hadContact: true }))).toBe(true);
    expect(safetyPolicy.mayReport(target({ pair: { blocked: true, unmatched: true }, hadContact: true }))).toBe(true);
  });

  it('allows reporting a member who deleted their account when the two had contact', () => {
    expect(safetyPolicy.mayReport(target({ exists: false, hadContact: true }))).toBe(true);
  });

  it('refuses (hides) a member apart without contact, and an unknown or deleted one without contact', () => {
    expect(safetyPolicy.mayReport(target({ pair: { blocked: true, unmatched: false } }))).toBe(false);
    expect(safetyPolicy.mayReport(target({ pair: { blocked: false, unmatched: true } }))).toBe(false);
    expect(safetyPolicy.mayReport(target({ exists: false }))).toBe(false);
  });

  it('answers a refusal as the 404 of an unavailable profile', () => {
    expect(() => safetyPolicy.assertMayReport(target({ exists: false }))).toThrow(SAFETY_MESSAGES.memberUnavailable);
    expect(() => safetyPolicy.assertMayReport(target({ exists: false }))).toThrow(expect.objectContaining({ status: 404, code: 'member_not_found' }));
    expect(() => safetyPolicy.assertMayReport(target({}))).not.toThrow();
  });
});

describe('safetyPolicy.assertMessageOf', () => {
  it('accepts a message the reported member sent in the pair\'s conversation', () => {
    expect(() => safetyPolicy.assertMessageOf({ user_id: 'him', inPairRoom: true }, 'him')).not.toThrow();
  });

  it('refuses an unknown message, one of another conversation, and one the reporter wrote (404)', () => {
    for (const message of [undefined, { user_id: 'him', inPairRoom: false }, { user_id: 'me', inPairRoom: true }]) {
      expect(() => safetyPolicy.assertMessageOf(message, 'him')).toThrow(SAFETY_MESSAGES.messageUnavailable);
    }
  });
});

describe('safetyPolicy.assertNotSelf', () => {
  it('refuses oneself (422) and allows anyone else', () => {
    expect(() => safetyPolicy.assertNotSelf('me', 'me', SAFETY_MESSAGES.reportSelf)).toThrow(expect.objectContaining({ status: 422, code: 'own_profile' }));
    expect(() => safetyPolicy.assertNotSelf('me', 'you', SAFETY_MESSAGES.reportSelf)).not.toThrow();
  });
});
