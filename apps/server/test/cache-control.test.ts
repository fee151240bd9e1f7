// Issue 27 item 9: no API answer that is not public stays in a browser's (or a proxy's) cache, so
// nothing private can be read back from it after sign-out — decided by the route that answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { bearer, buildUser, signIn } from './helpers/factories';
import type { UserRow } from '../src/db/schema';

describe('Cache-Control of API answers', () => {
  let t: TestApp;
  let member: UserRow;
  let token: string;
  let roomId: string;
  beforeAll(async () => {
    t = await buildTestApp({ APPLE_TEAM_ID: 'ABCDE12345' });
    member = await buildUser(t.database.db, { name: 'Private Person' });
    const other = await buildUser(t.database.db, { name: 'Matched Friend' });
    token = await signIn(t.app, member);
    const otherToken = await signIn(t.app, other);
    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${other.id}/like`, headers: bearer(token) })).statusCode).toBe(200);
    const match = await t.app.inject({ method: 'POST', url: `/api/matches/${member.id}/like`, headers: bearer(otherToken) });
    roomId = match.json().data.match.chat_room_id as string;
    const sent = await t.app.inject({ method: 'POST', url: '/api/chat/messages', headers: bearer(otherToken), payload: { chat_room_id: roomId, message: 'my secret is 4242' } });
    expect(sent.statusCode, sent.body).toBe(201);
  });
  afterAll(async () => t.close());

  const get = (url: string, authenticated = true) => t.app.inject({ method: 'GET', url, ...(authenticated ? { headers: bearer(token) } : {}) });

  it('answers the member’s own data with no-store: profile (phone, e-mail), messages, settings, notifications', async () => {
    const profile = await get('/api/auth/user');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain(member.email!);
    expect(profile.headers['cache-control']).toBe('no-store');

    const messages = await get(`/api/chat/rooms/${roomId}/messages`);
    expect(messages.statusCode).toBe(200);
    expect(messages.body).toContain('my secret is 4242');
    expect(messages.headers['cache-control']).toBe('no-store');

    for (const url of ['/api/profile', '/api/chat/rooms', '/api/settings', '/api/feed/notifications', `/api/users/${member.id}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers the same routes spelled /%61pi/… with no-store too: the matched route decides, not the raw path', async () => {
    for (const url of ['/%61pi/auth/user', '/%61pi/profile', `/%61pi/chat/rooms/${roomId}/messages`, '/ap%69/settings']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers errors with no-store: 401, 404, 422 and unknown API paths', async () => {
    const answers = await Promise.all([
      get('/api/auth/user', false),
      get('/%61pi/auth/user', false),
      get('/api/chat/rooms/no-such-room/messages'),
      t.app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(token), payload: { push_notifications: 'loud' } }),
      get('/api/no-such-endpoint'),
      get('/%61pi/no-such-endpoint'),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([401, 401, 404, 422, 404, 404]);
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });

  it('keeps the policy a route set for itself, and leaves pages and files outside the API alone', async () => {
    expect((await get('/api/health', false)).headers['cache-control']).toBe('no-store');
    const appLinks = await get('/.well-known/apple-app-site-association', false);
    expect(appLinks.statusCode).toBe(200);
    expect(appLinks.headers['cache-control']).toBe('public, max-age=3600');
  });
});
