import { describe, expect, it } from 'vitest';
import { ROUTES, TABS, buildPath, matchRoute, routeByName } from './routes';

describe('route table (spec §2)', () => {
  it('has the auth pages with the spec’s names and titles, public except not-allowed', () => {
    const auth = ROUTES.filter((r) => r.group === 'auth').map((r) => [r.path, r.name, r.title, r.requiresAuth]);
    expect(auth).toEqual([
      ['/auth/login', 'auth.login', 'Welcome Back', false],
      ['/auth/register', 'auth.register', 'Join LinkUp', false],
      ['/auth/otp-verification', 'auth.otp', 'Verify Your Number', false],
      ['/auth/forgot-password', 'auth.forgot-password', 'Reset Password', false],
      ['/auth/reset-password', 'auth.reset-password', 'New Password', false],
      ['/auth/verify-email', 'auth.verify-email', 'Verify Email', false],
      ['/auth/not-allowed', 'auth.403', 'Access Denied', true],
    ]);
    expect(ROUTES.filter((r) => r.group === 'auth').every((r) => !r.showTabBar)).toBe(true);
  });

  it('lists every app page of spec §2, all needing sign-in', () => {
    const pages = [
      'dashboard', 'discover', 'matches', 'likes', 'feed', 'feed/create', 'feed/edit', 'messages', 'messages/:id', 'more',
      'profile', 'profile/edit', 'profile/photos', 'profile/interests', 'settings', 'settings/account', 'settings/privacy',
      'settings/notifications', 'preferences', 'subscription', 'subscription/plans/:id', 'subscription/payment-return',
      'payment', 'payment-check', 'visitors', 'activity', 'match/:id', 'user/:id', 'blocked-users', 'help', 'help/faq',
      'help/contact', 'privacy-policy', 'terms',
    ];
    for (const page of pages) {
      const route = ROUTES.find((r) => r.path === `/app/${page}`);
      expect(route, page).toBeDefined();
      expect(route!.requiresAuth).toBe(true);
    }
    expect(ROUTES.find((r) => r.path === '/app/chat/:roomId')).toMatchObject({ requiresAuth: true, showTabBar: false });
  });

  it('has the privacy policy and terms at public addresses too (issue #34)', () => {
    expect(ROUTES.filter((r) => r.group === 'public').map((r) => [r.path, r.name, r.title, r.requiresAuth, r.showTabBar])).toEqual([
      ['/privacy', 'legal.privacy', 'Privacy Policy', false, false],
      ['/terms', 'legal.terms', 'Terms of Service', false, false],
    ]);
    expect(matchRoute('/privacy')?.name).toBe('legal.privacy');
    expect(matchRoute('/terms/')?.name).toBe('legal.terms');
  });

  it('hides the tab bar on the post form and in a chat', () => {
    for (const path of ['/app/feed/create', '/app/feed/edit', '/app/messages/:id']) {
      expect(ROUTES.find((r) => r.path === path)!.showTabBar).toBe(false);
    }
    expect(ROUTES.find((r) => r.path === '/app/feed')!.showTabBar).toBe(true);
  });

  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('matches concrete paths and builds them', () => {
    expect(matchRoute('/app/user/abc_123')?.name).toBe('app.user');
    expect(matchRoute('/app/more/')?.name).toBe('app.more');
    expect(matchRoute('/app/nothing')).toBeUndefined();
    expect(buildPath(routeByName('app.match').path, { id: 'a b' })).toBe('/app/match/a%20b');
    expect(() => buildPath('/app/user/:id')).toThrow(/id/);
  });

  it('has the six tabs in order', () => {
    expect(TABS.map((t) => t.label)).toEqual(['Home', 'Discover', 'Matches', 'Feed', 'Messages', 'More']);
  });
});
