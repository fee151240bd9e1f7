import { describe, expect, it } from 'vitest';
import { identifierField, loginCredentials } from '@/features/auth/utils/login-credentials';

describe('loginCredentials (spec §5)', () => {
  it('sends an identifier containing @ as email', () => {
    expect(loginCredentials('demo@linkup.app', 'pw')).toEqual({ email: 'demo@linkup.app', password: 'pw' });
  });

  it('sends anything else as mobile', () => {
    expect(loginCredentials('+27820000001', 'pw')).toEqual({ mobile: '+27820000001', password: 'pw' });
    expect(loginCredentials('0820000001', 'pw')).toEqual({ mobile: '0820000001', password: 'pw' });
  });

  it('trims the identifier but never the password', () => {
    expect(loginCredentials('  demo@linkup.app ', ' pw ')).toEqual({ email: 'demo@linkup.app', password: ' pw ' });
  });
});

describe('identifierField (forgot password, same rule as login)', () => {
  it('picks email or mobile by the @', () => {
    expect(identifierField(' Me@Example.com ')).toEqual({ email: 'Me@Example.com' });
    expect(identifierField('+27 84 123 4567')).toEqual({ mobile: '+27 84 123 4567' });
  });
});
