import { describe, expect, it } from 'vitest';
import { orderedNowIso } from './time';

describe('orderedNowIso', () => {
  it('answers strictly increasing instants even when called many times within one millisecond', () => {
    const stamps = Array.from({ length: 1000 }, () => orderedNowIso());
    for (let i = 1; i < stamps.length; i += 1) expect(stamps[i]! > stamps[i - 1]!).toBe(true);
    expect(Math.abs(Date.parse(stamps[0]!) - Date.now())).toBeLessThan(5_000);
  });
});
