import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendMessage } from '@/features/chat/api/send-message';
import { buildMessage, fakeSocket } from '@/test/fake-socket';
import { isApiClientError } from '@/lib/api-client';
import { calledEndpoints, json, mockApi, sentBody } from '@/test/fixtures';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));

const body = { chat_room_id: 'room_1', message: 'Hello', type: 'text' as const, client_id: 'client-0001' };
const stored = buildMessage({ chat_room_id: 'room_1', message: 'Hello', user_id: 'usr_me' });
const http = () => mockApi({ 'POST /api/chat/messages': () => json(201, { success: true, data: stored }) });

beforeEach(() => fakeSocket.reset());
afterEach(() => vi.unstubAllGlobals());

describe('sending a message', () => {
  it('goes over the live socket when it answers, with no HTTP request', async () => {
    fakeSocket.commands = () => ({ ok: true, status: 201, data: stored });
    const fetch = http();
    expect(await sendMessage(body)).toEqual(stored);
    expect(fakeSocket.emittedOf('message.send')).toEqual([[body]]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says what the server refused over the socket, as HTTP would (422 with field errors)', async () => {
    fakeSocket.commands = () => ({ ok: false, status: 422, message: 'Validation failed. Please check your input.', errors: { message: ['Type a message.'] } });
    const fetch = http();
    const error = await sendMessage(body).catch((e: unknown) => e);
    expect(isApiClientError(error) && [error.status, error.errors]).toEqual([422, { message: ['Type a message.'] }]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to HTTP with the same client id when the socket gives no answer, fails or finds the session ended', async () => {
    for (const answer of [null, { ok: false, status: 500, message: 'Server error.' }, { ok: false, status: 401, message: 'Authentication required.' }]) {
      fakeSocket.reset();
      fakeSocket.commands = answer ? () => answer : null;
      if (!answer) fakeSocket.commands = () => Promise.reject(new Error('operation has timed out'));
      const fetch = http();
      expect(await sendMessage(body)).toEqual(stored);
      expect(calledEndpoints(fetch)).toEqual(['POST /api/chat/messages']);
      expect(sentBody(fetch, 'POST /api/chat/messages')).toEqual(body);
    }
  });

  it('uses HTTP without a live connection', async () => {
    fakeSocket.commands = () => ({ ok: true, status: 201, data: stored });
    fakeSocket.connected = false;
    const fetch = http();
    expect(await sendMessage(body)).toEqual(stored);
    expect(fakeSocket.emittedOf('message.send')).toEqual([]);
    expect(calledEndpoints(fetch)).toEqual(['POST /api/chat/messages']);
  });
});
