import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('gives 22 base64url characters (128 bits), never the same twice, across refills of its pool', () => {
    const ids = Array.from({ length: 10_000 }, newId);
    expect(ids.every((id) => /^[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Buffer.from(ids[0]!, 'base64url')).toHaveLength(16);
  });
});
