import { describe, expect, it } from 'vitest';
import { nudgePolicy } from './nudge.policy';

describe('nudgePolicy (issue 29)', () => {
  it('asks to confirm a message flagged offensive, with 409 confirm_required', () => {
    expect(() => nudgePolicy.assertConfirmed(['offensive'], undefined)).toThrow(expect.objectContaining({ status: 409, code: 'confirm_required' }));
    expect(() => nudgePolicy.assertConfirmed(['link', 'offensive'], false)).toThrow(expect.objectContaining({ code: 'confirm_required' }));
  });

  it('lets a confirmed offensive message go, and any other message without confirmation', () => {
    expect(() => nudgePolicy.assertConfirmed(['offensive'], true)).not.toThrow();
    expect(() => nudgePolicy.assertConfirmed(['contact_details', 'link', 'money'], undefined)).not.toThrow();
    expect(() => nudgePolicy.assertConfirmed([], undefined)).not.toThrow();
  });

  it('shows the flags to the recipient only, never to the author', () => {
    expect(nudgePolicy.flagsFor(['money', 'offensive'], 'usr_a', 'usr_b')).toEqual(['money', 'offensive']);
    expect(nudgePolicy.flagsFor(['money', 'offensive'], 'usr_a', 'usr_a')).toEqual([]);
  });
});
