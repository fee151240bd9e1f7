import { routeByName } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { shellChrome } from '@/app/layouts/shell-chrome';

describe('shellChrome (spec §2, issue 17 items 14 and 16)', () => {
  it('draws no header or tab bar around the chat on a phone, at both of its paths', () => {
    for (const name of ['chat.room', 'app.messages.chat'] as const) {
      expect(shellChrome(routeByName(name), false)).toEqual({ standalone: true, tabBar: false, activeTab: undefined });
    }
  });

  it('keeps the header and the side navigation, Messages current, around the chat on a wide screen', () => {
    for (const name of ['chat.room', 'app.messages.chat'] as const) {
      expect(shellChrome(routeByName(name), true)).toEqual({ standalone: false, tabBar: true, activeTab: 'messages' });
    }
  });

  it("follows the route's own tab bar and tab elsewhere, whatever the width", () => {
    for (const wide of [false, true]) {
      expect(shellChrome(routeByName('app.messages'), wide)).toEqual({ standalone: false, tabBar: true, activeTab: 'messages' });
      expect(shellChrome(routeByName('app.feed.create'), wide)).toEqual({ standalone: false, tabBar: false, activeTab: 'feed' });
      expect(shellChrome(routeByName('app.discover'), wide)).toMatchObject({ tabBar: true, activeTab: 'discover' });
    }
  });
});
