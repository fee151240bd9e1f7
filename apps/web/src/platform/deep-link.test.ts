import { describe, expect, it } from 'vitest';
import { backButtonAction, deepLinkPath } from '@/platform/deep-link';

describe('deepLinkPath', () => {
  it('replaces the custom scheme with a slash', () => {
    expect(deepLinkPath('linkup://app/matches')).toBe('/app/matches');
    expect(deepLinkPath('linkup://app/chat/room_1?from=push')).toBe('/app/chat/room_1?from=push');
    expect(deepLinkPath('linkup:///app/feed')).toBe('/app/feed');
    expect(deepLinkPath('linkup://onboarding/welcome#photos')).toBe('/onboarding/welcome#photos');
    expect(deepLinkPath('linkup://app/matches/')).toBe('/app/matches/');
  });

  it('keeps the path of an https link', () => {
    expect(deepLinkPath('https://linkup.app/app/user/7')).toBe('/app/user/7');
  });

  it('follows a reset-password link only with its token, and keeps no number (issue 32 item 11)', () => {
    expect(deepLinkPath('linkup://auth/reset-password?token=abc')).toBe('/auth/reset-password?token=abc');
    // An old link that named the number: followed, without it.
    expect(deepLinkPath('https://linkup.app/auth/reset-password?mobile=1&token=t')).toBe('/auth/reset-password?token=t');
    expect(deepLinkPath('linkup://auth/reset-password?mobile=123')).toBeNull();
    expect(deepLinkPath('linkup://auth/reset-password?token=&mobile=123')).toBeNull();
    expect(deepLinkPath('linkup://auth/reset-password')).toBeNull();
  });

  it('ignores links of other schemes', () => {
    expect(deepLinkPath('mailto:someone@example.com')).toBeNull();
    expect(deepLinkPath('otherapp://app/matches')).toBeNull();
    expect(deepLinkPath('javascript:alert(1)')).toBeNull();
    expect(deepLinkPath('/app/matches')).toBeNull();
  });

  it('opens only paths under the link prefixes', () => {
    expect(deepLinkPath('linkup://')).toBeNull();
    expect(deepLinkPath('linkup://app')).toBeNull();
    expect(deepLinkPath('linkup://dev/reset')).toBeNull();
    expect(deepLinkPath('linkup://api/auth/logout')).toBeNull();
    expect(deepLinkPath('https://linkup.app/')).toBeNull();
    expect(deepLinkPath('https://linkup.app/media/photos/u1/a.jpg')).toBeNull();
    expect(deepLinkPath('https://linkup.app')).toBeNull();
  });

  it.each([
    // Dot segments that climb out of a prefix, or leave a path the router reads as another site.
    'linkup://app/..//evil.com',
    'linkup://app/../..//evil.com/x',
    'linkup://app/./..//evil.com',
    'linkup://app/matches/../../evil',
    'linkup://app/..',
    'https://linkup.app/app/..//evil.com',
    // The same, percent-encoded.
    'linkup://app/%2e%2e//evil.com',
    'linkup://app/%2E%2E/%2Fevil.com',
    'linkup://app/%2e%2e%2f%2fevil.com',
    'linkup://app%2f%2fevil.com',
    // Empty segments: `//` anywhere in the path.
    'linkup://app//evil.com',
    'linkup://app/matches//evil.com',
    'https://linkup.app//evil.com/app/x',
    'https://linkup.app/app//evil.com',
    // Backslashes, which browsers read as slashes.
    'linkup://app/\\evil.com',
    'linkup://app/%5C%5Cevil.com',
    'https://linkup.app\\evil.com/app/x',
    'https://linkup.app/app\\..\\..\\evil.com',
    // A scheme inside the path.
    'linkup://app/javascript:alert(1)',
    'linkup://app/https://evil.com',
    'linkup://app/%68ttps%3A%2F%2Fevil.com',
    // Control characters the URL parser would drop, and broken escapes.
    'linkup://app/\t/evil.com',
    'linkup://app/%09/evil.com',
    'linkup://app/%0a//evil.com',
    'linkup://app/%E0%A4%A',
  ])('ignores the hostile link %s', (url) => {
    expect(deepLinkPath(url)).toBeNull();
  });
});

describe('backButtonAction', () => {
  const withHistory = { canGoBack: true, canGoHome: true };

  it('asks before exiting on the dashboard or root, else goes back', () => {
    expect(backButtonAction('/app/dashboard', withHistory)).toBe('confirm-exit');
    expect(backButtonAction('/app/dashboard/', withHistory)).toBe('confirm-exit');
    expect(backButtonAction('/', withHistory)).toBe('confirm-exit');
    expect(backButtonAction('/app/more', withHistory)).toBe('go-back');
    expect(backButtonAction('/auth/login', { canGoBack: true, canGoHome: false })).toBe('go-back');
  });

  it('with no page to go back to, goes home when the member may be there, else asks to exit', () => {
    expect(backButtonAction('/app/chat/room_1', { canGoBack: false, canGoHome: true })).toBe('go-home');
    expect(backButtonAction('/auth/login', { canGoBack: false, canGoHome: false })).toBe('confirm-exit');
    expect(backButtonAction('/onboarding/welcome', { canGoBack: false, canGoHome: false })).toBe('confirm-exit');
    expect(backButtonAction('/app/dashboard', { canGoBack: false, canGoHome: true })).toBe('confirm-exit');
  });
});
