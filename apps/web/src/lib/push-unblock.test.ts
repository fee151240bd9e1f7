import { UI_TEXTS } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { pushBrowser, pushUnblockSteps } from '@/lib/push-unblock';

const AGENTS = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iosSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/116.0.0.0',
};

describe('how to unblock notifications, per browser (issue 32 item 7)', () => {
  it('tells Chrome, Edge, Firefox and Safari apart by their user agent', () => {
    expect(pushBrowser(AGENTS.chrome)).toBe('chrome');
    expect(pushBrowser(AGENTS.edge)).toBe('edge');
    expect(pushBrowser(AGENTS.firefox)).toBe('firefox');
    expect(pushBrowser(AGENTS.safari)).toBe('safari');
    expect(pushBrowser(AGENTS.iosSafari)).toBe('safari');
    expect(pushBrowser(AGENTS.opera)).toBe('other');
    expect(pushBrowser('')).toBe('other');
  });

  it("answers that browser's steps", () => {
    expect(pushUnblockSteps(AGENTS.firefox)).toBe(UI_TEXTS.pushUnblock.firefox);
    expect(pushUnblockSteps(AGENTS.edge)).toBe(UI_TEXTS.pushUnblock.edge);
    expect(pushUnblockSteps('curl/8')).toBe(UI_TEXTS.pushUnblock.other);
  });
});
