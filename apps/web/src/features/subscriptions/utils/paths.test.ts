import { PAYMENT_POLL } from '@linkup/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { pollDelay } from '@/features/subscriptions/api/get-payment';
import { formatMoney, rememberReturnPath, returnPath, safeReturnPath, subscriptionPaths } from '@/features/subscriptions/utils/paths';

afterEach(() => sessionStorage.clear());

describe('subscriptions paths and polling', () => {
  it('goes back only to a path inside the app', () => {
    expect(safeReturnPath('/app/likes')).toBe('/app/likes');
    expect(safeReturnPath('/app/discover')).toBe('/app/discover');
    for (const bad of ['https://evil.test/app/likes', '//evil.test', '/auth/login', '/app/likes?x=1', null, '']) expect(safeReturnPath(bad)).toBeNull();
  });

  it('remembers where the member was across the checkout, else People Who Like You', () => {
    expect(returnPath()).toBe('/app/likes');
    rememberReturnPath('/app/discover');
    expect(returnPath()).toBe('/app/discover');
    rememberReturnPath('https://evil.test');
    expect(returnPath()).toBe('/app/likes');
  });

  it('links a plan with where the member came from', () => {
    expect(subscriptionPaths.plan('premium_3m')).toBe('/app/subscription/plans/premium_3m');
    expect(subscriptionPaths.plan('premium_3m', '/app/visitors')).toBe('/app/subscription/plans/premium_3m?from=%2Fapp%2Fvisitors');
  });

  it('polls with growing waits up to the longest', () => {
    expect(pollDelay(0)).toBe(PAYMENT_POLL.firstMs);
    expect(pollDelay(1)).toBe(PAYMENT_POLL.firstMs * PAYMENT_POLL.factor);
    expect(pollDelay(50)).toBe(PAYMENT_POLL.maxMs);
  });

  it('formats prices in the plan currency', () => {
    expect(formatMoney(34900, 'ZAR')).toMatch(/349\.00/);
  });
});
