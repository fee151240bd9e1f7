import { describe, expect, it } from 'vitest';
import { loginPathWithRedirect, postLoginPath, safeRedirect } from '@/features/auth/utils/redirect';
import { buildUser } from '@/test/fixtures';

describe('return address', () => {
  it('keeps in-app paths only', () => {
    expect(safeRedirect('/app/more')).toBe('/app/more');
    expect(safeRedirect('/app/user/42?tab=photos')).toBe('/app/user/42?tab=photos');
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('/auth/login')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('builds the login address with the page to return to', () => {
    expect(loginPathWithRedirect('/app/more')).toBe('/auth/login?redirect=%2Fapp%2Fmore');
    expect(loginPathWithRedirect('/app/dashboard')).toBe('/auth/login');
  });

  it('after login: onboarding first, then the return address, else the dashboard (spec §4)', () => {
    expect(postLoginPath(buildUser({ profile_completed: false }), '/app/more')).toBe('/onboarding/welcome');
    expect(postLoginPath(buildUser({ onboarding_completed_at: null }), null)).toBe('/onboarding/welcome');
    expect(postLoginPath(buildUser(), '/app/more')).toBe('/app/more');
    expect(postLoginPath(buildUser(), null)).toBe('/app/dashboard');
    expect(postLoginPath(buildUser(), '//evil.example')).toBe('/app/dashboard');
  });
});
