import { describe, expect, it } from 'vitest';
import { orderedIsoNow, systemClock, type Clock } from './clock';

describe('orderedIsoNow', () => {
  it('answers strictly increasing instants even when called many times within one millisecond', () => {
    const stamps = Array.from({ length: 1000 }, () => orderedIsoNow(systemClock));
    for (let i = 1; i < stamps.length; i += 1) expect(stamps[i]! > stamps[i - 1]!).toBe(true);
    expect(Math.abs(Date.parse(stamps[0]!) - Date.now())).toBeLessThan(5_000);
  });

  it('reads the clock it is given: a standing clock gives its own time, then a millisecond more each call', () => {
    const standing: Clock = { now: () => new Date('2030-01-01T00:00:00.000Z') };
    expect([orderedIsoNow(standing), orderedIsoNow(standing), orderedIsoNow(standing)])
      .toEqual(['2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.001Z', '2030-01-01T00:00:00.002Z']);
  });
});
