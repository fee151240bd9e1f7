import { describe, expect, it } from 'vitest';
import { OnboardingGate } from './onboarding-gate';

const DONE = { phone_number: '+27821234567', profile_completed: 1, onboarding_completed_at: '2026-01-01T00:00:00.000Z' };

describe('OnboardingGate', () => {
  it('refuses a member who has not finished onboarding with 409 onboarding_required', async () => {
    const gate = new OnboardingGate(async () => ({ ...DONE, profile_completed: 0, onboarding_completed_at: null }));
    await expect(gate.assertOnboarded('usr_new')).rejects.toMatchObject({ status: 409, code: 'onboarding_required' });
  });

  it('refuses a member whose number is not confirmed with 409 mobile_unverified, onboarded or not, and reads them again', async () => {
    const reads: string[] = [];
    const gate = new OnboardingGate(async (id) => {
      reads.push(id);
      return { ...DONE, phone_number: null };
    });
    await expect(gate.assertOnboarded('usr_new')).rejects.toMatchObject({ status: 409, code: 'mobile_unverified' });
    await expect(gate.assertOnboarded('usr_new')).rejects.toMatchObject({ status: 409, code: 'mobile_unverified' });
    expect(reads).toEqual(['usr_new', 'usr_new']);
  });

  it('reads an onboarded member once, and forgets the longest remembered beyond its bound', async () => {
    const reads: string[] = [];
    const gate = new OnboardingGate(async (id) => {
      reads.push(id);
      return DONE;
    }, 2);
    for (const id of ['a', 'b', 'a', 'c', 'b', 'a']) await gate.assertOnboarded(id);
    // a and b are remembered; c pushes a out; b is still known; a is read again.
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});
