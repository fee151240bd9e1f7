import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/http-errors';
import { chatPolicy, requestPolicy, type RoomRequest } from './chat.policy';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const now = new Date('2026-03-10T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
const room = (request: Partial<RoomRequest>): RoomRequest => ({ request_from: null, request_status: null, declined_at: null, ...request });

describe('requestPolicy.step', () => {
  it('writes directly in a conversation: accepted, or the pair matched whatever the request', () => {
    expect(requestPolicy.step(room({ request_status: 'accepted', request_from: 'a' }), 'b', now, false)).toBe('open');
    for (const status of [null, 'pending', 'held', 'declined'] as const) {
      expect(requestPolicy.step(room({ request_status: status, request_from: status ? 'a' : null }), 'b', now, true)).toBe('open');
    }
  });

  it('opens a request with the first message, and lets the sender wait while it is held, pending or lately declined', () => {
    expect(requestPolicy.step(room({}), 'a', now, false)).toBe('first');
    expect(requestPolicy.step(room({ request_status: 'pending', request_from: 'a' }), 'a', now, false)).toBe('waits');
    expect(requestPolicy.step(room({ request_status: 'held', request_from: 'a' }), 'a', now, false)).toBe('waits');
    expect(requestPolicy.step(room({ request_status: 'declined', request_from: 'a', declined_at: daysAgo(29) }), 'a', now, false)).toBe('waits');
    expect(requestPolicy.step(room({ request_status: 'declined', request_from: 'a', declined_at: daysAgo(30) }), 'a', now, false)).toBe('first');
  });

  it('the recipient replies to accept a pending request, and cannot reach one held from her or that she declined', () => {
    expect(requestPolicy.step(room({ request_status: 'pending', request_from: 'a' }), 'b', now, false)).toBe('accepts');
    expect(requestPolicy.step(room({ request_status: 'held', request_from: 'a' }), 'b', now, false)).toBe('hidden');
    expect(requestPolicy.step(room({ request_status: 'declined', request_from: 'a', declined_at: daysAgo(1) }), 'b', now, false)).toBe('hidden');
  });
});

describe('requestPolicy.sees and answerable', () => {
  it('shows a room to its recipient only while the request is pending or accepted; its sender always', () => {
    expect(requestPolicy.sees(room({}), 'b')).toBe(true);
    expect(requestPolicy.sees(room({ request_status: 'pending', request_from: 'a' }), 'b')).toBe(true);
    expect(requestPolicy.sees(room({ request_status: 'held', request_from: 'a' }), 'b')).toBe(false);
    expect(requestPolicy.sees(room({ request_status: 'declined', request_from: 'a' }), 'b')).toBe(false);
    expect(requestPolicy.sees(room({ request_status: 'held', request_from: 'a' }), 'a')).toBe(true);
    expect(requestPolicy.sees(room({ request_status: 'declined', request_from: 'a' }), 'a')).toBe(true);
  });

  it('lets only the recipient answer a pending request (a retry of the same answer too); anything else is 404', () => {
    const pending = room({ request_status: 'pending', request_from: 'a' });
    expect(requestPolicy.answerable(pending, 'b', 'accepted')).toMatchObject({ request_from: 'a' });
    expect(requestPolicy.answerable(room({ request_status: 'accepted', request_from: 'a' }), 'b', 'accepted')).toMatchObject({ request_from: 'a' });
    expect(requestPolicy.answerable(room({ request_status: 'declined', request_from: 'a' }), 'b', 'declined')).toMatchObject({ request_from: 'a' });
    for (const [request, who, to] of [
      [pending, 'a', 'accepted'],
      [undefined, 'b', 'accepted'],
      [room({}), 'b', 'accepted'],
      [room({ request_status: 'held', request_from: 'a' }), 'b', 'accepted'],
      [room({ request_status: 'declined', request_from: 'a' }), 'b', 'accepted'],
      [room({ request_status: 'accepted', request_from: 'a' }), 'b', 'declined'],
    ] as const) {
      expect(() => requestPolicy.answerable(request, who, to)).toThrow(expect.objectContaining({ status: 404, code: 'room_not_found' }));
    }
  });
});

describe('requestPolicy.firstMessageAllowance', () => {
  const limits = { perDay: 10, newAccountPerDay: 3, verifiedPerDay: 30 };
  const trust = { accountAgeMs: 30 * DAY, reportsLast7Days: 0, photoVerified: false };

  it('is 10 a day, 3 for an account younger than 24 hours, 30 once photo-verified', () => {
    expect(requestPolicy.firstMessageAllowance(trust, limits)).toBe(10);
    expect(requestPolicy.firstMessageAllowance({ ...trust, accountAgeMs: 23 * HOUR }, limits)).toBe(3);
    expect(requestPolicy.firstMessageAllowance({ ...trust, accountAgeMs: DAY }, limits)).toBe(10);
    expect(requestPolicy.firstMessageAllowance({ ...trust, photoVerified: true }, limits)).toBe(30);
  });

  it('halves for each member who reported them in the last 7 days, never below 1', () => {
    expect([0, 1, 2, 3, 4, 10].map((reports) => requestPolicy.firstMessageAllowance({ ...trust, reportsLast7Days: reports }, limits))).toEqual([10, 5, 2, 1, 1, 1]);
    expect(requestPolicy.firstMessageAllowance({ ...trust, accountAgeMs: HOUR, reportsLast7Days: 1 }, limits)).toBe(1);
  });
});

describe('requestPolicy.holdsFirstMessage', () => {
  it('holds a member younger than 7 days with 3 unanswered first messages, and nobody else', () => {
    expect(requestPolicy.holdsFirstMessage(6 * DAY, 3)).toBe(true);
    expect(requestPolicy.holdsFirstMessage(6 * DAY, 2)).toBe(false);
    expect(requestPolicy.holdsFirstMessage(7 * DAY, 5)).toBe(false);
  });
});

describe('chatPolicy.assertAcceptsMessages', () => {
  const refusal = (policy: 'matches' | 'verified') => {
    try {
      chatPolicy.assertAcceptsMessages({ name: 'Thandi', message_policy: policy }, false);
    } catch (error) {
      return error instanceof AppError ? { status: error.status, code: error.code, message: error.message } : error;
    }
    return null;
  };

  it('lets an allowed message through', () => {
    expect(() => chatPolicy.assertAcceptsMessages({ name: 'Thandi', message_policy: 'verified' }, true)).not.toThrow();
  });

  it('says why a message is refused: matches only, or matches and verified members (then verifying opens the way)', () => {
    expect(refusal('matches')).toEqual({ status: 422, code: 'messages_from_matches_only', message: 'Thandi only accepts messages from matches.' });
    expect(refusal('verified')).toEqual({ status: 422, code: 'messages_from_verified_only', message: 'Thandi only accepts messages from matches and verified members.' });
  });
});

