import { describe, expect, it } from 'vitest';
import { isLoopback } from './loopback';

describe('isLoopback', () => {
  it('knows the addresses only this machine reaches', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST']) expect(isLoopback(address), address).toBe(true);
    for (const address of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', '::ffff:10.0.0.1', 'example.test', '', undefined, '1127.0.0.1']) expect(isLoopback(address), String(address)).toBe(false);
  });
});
