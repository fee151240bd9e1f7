import { describe, expect, it } from 'vitest';
import { moderationPolicy as policy } from './moderation.policy';

const now = new Date('2026-01-10T00:00:00.000Z');

describe('moderationPolicy', () => {
  it('opens moderation to moderators and admins only', () => {
    expect(policy.mayModerate([])).toBe(false);
    expect(policy.mayModerate(['moderator'])).toBe(true);
    expect(policy.mayModerate(['admin'])).toBe(true);
    expect(policy.mayManageRoles(['moderator'])).toBe(false);
  });

  it('ranks underage and threats critical, a flagged reporter low', () => {
    expect(policy.priority('underage', false)).toBe('critical');
    expect(policy.priority('threats', true)).toBe('critical');
    expect(policy.priority('harassment', false)).toBe('high');
    expect(policy.priority('scam_or_spam', false)).toBe('normal');
    expect(policy.priority('harassment', true)).toBe('low');
    const items = [
      { priority: 'normal' as const, created_at: '2026-01-01' }, { priority: 'critical' as const, created_at: '2026-01-03' },
      { priority: 'critical' as const, created_at: '2026-01-02' },
    ];
    expect(items.sort((a, b) => policy.compareQueue(a, b)).map((i) => i.created_at)).toEqual(['2026-01-02', '2026-01-03', '2026-01-01']);
  });

  it('reads the strike ladder and repeats its last step', () => {
    const ladder = policy.parseLadder(['warn', 'suspend:7', 'ban']);
    expect(policy.ladderStep(ladder, 1)).toEqual({ action: 'warn' });
    expect(policy.ladderStep(ladder, 2)).toEqual({ action: 'suspend', days: 7 });
    expect(policy.ladderStep(ladder, 5)).toEqual({ action: 'ban' });
    expect(() => policy.parseLadder(['suspend:x'])).toThrow();
  });

  it('tells standing, and that a suspension ends', () => {
    expect(policy.standing({ restriction: null, restricted_until: null }, 0, now)).toBe('good');
    expect(policy.standing({ restriction: null, restricted_until: null }, 1, now)).toBe('warned');
    expect(policy.standing({ restriction: 'suspended', restricted_until: '2026-01-11T00:00:00.000Z' }, 1, now)).toBe('suspended');
    expect(policy.standing({ restriction: 'suspended', restricted_until: '2026-01-09T00:00:00.000Z' }, 1, now)).toBe('warned');
    expect(policy.standing({ restriction: 'banned', restricted_until: null }, 0, now)).toBe('banned');
    expect(policy.standing({ restriction: 'protective', restricted_until: null }, 0, now)).toBe('restricted');
    expect(policy.isHidden({ restriction: 'protective', restricted_until: null }, now)).toBe(true);
  });

  it('flags false reporters at 5 reports with 70% dismissed', () => {
    expect(policy.isFalseReporter(4, 4)).toBe(false);
    expect(policy.isFalseReporter(5, 3)).toBe(false);
    expect(policy.isFalseReporter(5, 4)).toBe(true);
    expect(policy.isFalseReporter(10, 7)).toBe(true);
  });

  it('trusts reporters of 30 days, onboarded and not flagged', () => {
    const old = { created_at: '2025-12-01T00:00:00.000Z', onboarding_completed_at: '2025-12-01T00:00:00.000Z' };
    expect(policy.isTrustedReporter(old, false, now)).toBe(true);
    expect(policy.isTrustedReporter(old, true, now)).toBe(false);
    expect(policy.isTrustedReporter({ ...old, created_at: '2026-01-01T00:00:00.000Z' }, false, now)).toBe(false);
  });

  it('lets a restricted session reach only its standing, appeals, export, deletion and logout', () => {
    expect(policy.restrictedRouteAllowed('GET', '/api/account/standing')).toBe(true);
    expect(policy.restrictedRouteAllowed('post', '/api/account/appeals')).toBe(true);
    expect(policy.restrictedRouteAllowed('DELETE', '/api/account')).toBe(true);
    expect(policy.restrictedRouteAllowed('GET', '/api/matches/discover')).toBe(false);
  });

  it('restricts automatically on 2 open scam or fake reports from distinct trusted reporters', () => {
    const r = (reporter_id: string, reason = 'scam_or_spam', trusted = true) => ({ reporter_id, reason, trusted });
    expect(policy.autoRestricts([r('a'), r('b', 'fake_profile')])).toBe(true);
    expect(policy.autoRestricts([r('a'), r('a')])).toBe(false);
    expect(policy.autoRestricts([r('a'), r('b', 'scam_or_spam', false)])).toBe(false);
    expect(policy.autoRestricts([r('a'), r('b', 'harassment')])).toBe(false);
    expect(policy.priority('scam_or_spam', false, true)).toBe('high');
  });

  it('allows appeals for six months', () => {
    expect(policy.appealDeadline('2026-01-10T00:00:00.000Z')).toBe('2026-07-10T00:00:00.000Z');
  });
});
