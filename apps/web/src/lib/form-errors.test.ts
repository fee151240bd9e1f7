import { RegisterBodySchema } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { hasFormErrors, serverFormErrors, zodFormErrors } from '@/lib/form-errors';

describe('form errors', () => {
  it('keeps the first schema message per field', () => {
    const parsed = RegisterBodySchema.safeParse({ name: '', password: 'x', password_confirmation: 'y' });
    expect(parsed.success).toBe(false);
    const errors = zodFormErrors(parsed.error!);
    expect(errors.name).toBe('Enter your name.');
    expect(errors.password).toBe('Use at least 8 characters.');
    expect(hasFormErrors(errors)).toBe(true);
  });

  it("keeps the first server message per field and skips empty ones", () => {
    expect(serverFormErrors({ email: ['Taken.', 'Other.'], mobile: [], otp: [''] })).toEqual({ email: 'Taken.' });
    expect(serverFormErrors(undefined)).toEqual({});
    expect(hasFormErrors({})).toBe(false);
  });
});
