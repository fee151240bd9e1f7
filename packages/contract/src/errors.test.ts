import { describe, expect, it } from 'vitest';
import {
  FAILURE_TOASTS, FRIENDLY_MESSAGES, NETWORK_ERROR_MESSAGE, STATUS_MESSAGES, SUCCESS_TOASTS, friendlyMessage, messageForStatus, statusShowsServerMessage,
} from './errors';

describe('messageForStatus (spec §8)', () => {
  it.each([
    [400, undefined, 'Bad request. Please check your input.'],
    [400, 'Preferences required', 'Preferences required'],
    [401, 'token expired', 'Authentication required. Please log in.'],
    [403, undefined, "Access denied. You don't have permission."],
    [403, 'Account suspended', 'Account suspended'],
    [404, undefined, 'Resource not found.'],
    [404, 'Chat room not found', 'Chat room not found'],
    [422, undefined, 'Validation failed. Please check your input.'],
    [422, 'The email has already been taken.', 'The email has already been taken.'],
    [429, 'slow down', 'Too many requests. Please try again later.'],
    [500, 'stack trace at line 3', 'Server error. Please try again later.'],
    [503, undefined, 'Service temporarily unavailable. Please try again later.'],
    [418, undefined, 'An unexpected error occurred.'],
    [402, 'Premium only', 'Premium only'],
    [0, undefined, 'Network error. Please check your connection.'],
  ])('%i with server message %s → %s', (status, server, expected) => {
    expect(messageForStatus(status, server)).toBe(expected);
  });

  it('ignores a blank server message', () => {
    expect(messageForStatus(404, '   ')).toBe(STATUS_MESSAGES[404]);
  });

  it("lets the server's message through on the rows that say so, and only there", () => {
    for (const status of [400, 402, 403, 404, 409, 413, 418, 422]) expect(statusShowsServerMessage(status)).toBe(true);
    for (const status of [0, 401, 429, 500, 503]) expect(statusShowsServerMessage(status)).toBe(false);
  });
});

describe('friendlyMessage', () => {
  it('maps failures to the friendly texts', () => {
    expect(friendlyMessage({ status: 0, message: NETWORK_ERROR_MESSAGE })).toBe(FRIENDLY_MESSAGES.network);
    expect(friendlyMessage({ status: 401 })).toBe('Please log in again to continue.');
    expect(friendlyMessage({ status: 403 })).toBe('Please log in again to continue.');
    expect(friendlyMessage({ status: 422, message: 'x' })).toBe('Please check your input and try again.');
    expect(friendlyMessage({ status: 404, message: 'Gone' })).toBe('Gone');
    expect(friendlyMessage({ status: 500 })).toBe('Something went wrong. Please try again.');
  });
});

describe('toast texts', () => {
  it('are the spec’s words, except that "OTP" never shows (issue 32, docs/decisions.md)', () => {
    expect(SUCCESS_TOASTS).toMatchObject({
      otpSent: 'Code sent to your WhatsApp!', loginSuccess: 'Login successful!', logoutSuccess: 'Logged out successfully',
      leftChatRoom: 'Left chat room successfully', resetLinkSent: 'Password reset link has been sent to your email/mobile',
    });
    expect(Object.values(FAILURE_TOASTS)).toHaveLength(16);
    expect(FAILURE_TOASTS.invalidOtp).toBe("That code isn't right");
  });
});
