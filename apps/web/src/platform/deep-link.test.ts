import { describe, expect, it } from 'vitest';
import { backButtonAction, deepLinkPath } from '@/platform/deep-link';

describe('deepLinkPath', () => {
  it('replaces the custom scheme with a slash', () => {
    expect(deepLinkPath('linkup://app/matches')).toBe('/app/matches');
    expect(deepLinkPath('linkup://app/chat/room_1?from=push')).toBe('/app/chat/room_1?from=push');
    expect(deepLinkPath('linkup:///app/feed')).toBe('/app/feed');
    expect(deepLinkPath('linkup://')).toBe('/');
  });

  it('keeps the path of an https link', () => {
    expect(deepLinkPath('https://linkup.app/app/user/7')).toBe('/app/user/7');
  });

  it('follows a reset-password link only with both token and mobile', () => {
    expect(deepLinkPath('linkup://auth/reset-password?token=abc&mobile=%2B27820000001')).toBe(
      '/auth/reset-password?token=abc&mobile=%2B27820000001',
    );
    expect(deepLinkPath('https://linkup.app/auth/reset-password?mobile=1&token=t')).toBe(
      '/auth/reset-password?token=t&mobile=1',
    );
    expect(deepLinkPath('linkup://auth/reset-password?token=abc')).toBeNull();
    expect(deepLinkPath('linkup://auth/reset-password?mobile=123')).toBeNull();
    expect(deepLinkPath('linkup://auth/reset-password?token=&mobile=123')).toBeNull();
    expect(deepLinkPath('linkup://auth/reset-password')).toBeNull();
  });

  it('ignores links of other schemes', () => {
    expect(deepLinkPath('mailto:someone@example.com')).toBeNull();
    expect(deepLinkPath('otherapp://app/matches')).toBeNull();
  });
});

describe('backButtonAction', () => {
  it('asks before exiting on the dashboard or root, else goes back', () => {
    expect(backButtonAction('/app/dashboard')).toBe('confirm-exit');
    expect(backButtonAction('/app/dashboard/')).toBe('confirm-exit');
    expect(backButtonAction('/')).toBe('confirm-exit');
    expect(backButtonAction('/app/more')).toBe('go-back');
    expect(backButtonAction('/auth/login')).toBe('go-back');
  });
});
