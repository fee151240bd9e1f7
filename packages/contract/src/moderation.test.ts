import { describe, expect, it } from 'vitest';
import { ERROR_CODE_STATUS, errorDetailsFrom } from './errors';
import { AppealBodySchema, DecisionBodySchema, isModerator } from './schemas/moderation';

describe('moderation contract (issue 30)', () => {
  it('asks a suspension for its days and a removal for what to remove', () => {
    const base = { reason_code: 'harassment', statement: 'Rude messages.' };
    expect(DecisionBodySchema.safeParse({ ...base, action: 'warn' }).success).toBe(true);
    expect(DecisionBodySchema.safeParse({ ...base, action: 'suspend' }).success).toBe(false);
    expect(DecisionBodySchema.safeParse({ ...base, action: 'suspend', days: 7 }).success).toBe(true);
    expect(DecisionBodySchema.safeParse({ ...base, action: 'remove_content', content: {} }).success).toBe(false);
    expect(DecisionBodySchema.safeParse({ ...base, action: 'remove_content', content: { about: true } }).success).toBe(true);
    expect(DecisionBodySchema.safeParse({ ...base, action: 'warn', statement: '   ' }).success).toBe(false);
  });

  it('refuses hidden characters in statements and appeals', () => {
    expect(DecisionBodySchema.safeParse({ action: 'warn', reason_code: 'other', statement: 'a\u202Eb' }).success).toBe(false);
    expect(AppealBodySchema.safeParse({ decision_id: 'abcdefghijklmnopqrstuv', text: 'x\u0000' }).success).toBe(false);
  });

  it('answers a suspension with a status that does not sign the client out, with its end', () => {
    expect(ERROR_CODE_STATUS.account_suspended).toBe(423);
    expect(ERROR_CODE_STATUS.same_moderator).toBe(403);
    expect(errorDetailsFrom({ until: '2026-01-01T00:00:00.000Z' })).toEqual({ until: '2026-01-01T00:00:00.000Z' });
    expect(errorDetailsFrom({ until: null })).toEqual({ until: null });
    expect(isModerator(['admin'])).toBe(true);
    expect(isModerator(undefined)).toBe(false);
  });
});
