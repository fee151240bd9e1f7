import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionUserSchema } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { testDialect } from './helpers/database';
import { FACTORY_PASSWORD, bearer, buildMatch, buildUser, signIn } from './helpers/factories';
import type { UserRow } from '../src/db/schema';
import { grantPremium } from '../src/modules/subscriptions/subscriptions.repository';
import { needsEnv } from './helpers/requires';

describe('auth: password sign-in, current member, sign-out', () => {
  let t: TestApp;
  let member: UserRow;
  beforeAll(async () => {
    t = await buildTestApp();
    member = await buildUser(t.database.db, { name: 'Thandi Nkosi', email: 'thandi@example.test', phone_number: '+27821234567' });
  });
  afterAll(async () => t.close());

  describe('GET /api/auth/user', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, status: 401, message: 'Authentication required. Please log in.' });
    });

    it.each(['Bearer', 'Bearer short', 'Basic abcdefghijklmnopqrstuvwxyz', `Bearer ${'x'.repeat(43)}`])(
      'refuses the header %s', async (authorization) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization } });
        expect(res.statusCode).toBe(401);
      },
    );

    it('returns the signed-in member as spec §3 describes, with nothing secret', async () => {
      const token = await signIn(t.app, member);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const user = SessionUserSchema.parse(res.json().data.user);
      expect(user).toMatchObject({ id: member.id, name: 'Thandi Nkosi', email: 'thandi@example.test', phone_number: '+27821234567', profile_completed: true });
      expect(JSON.stringify(res.json())).not.toMatch(/"password"|password_hash|token_hash|date_of_birth/);
    });

    it('says whether the member is premium and until when', async () => {
      const m = await buildUser(t.database.db);
      const token = await signIn(t.app, m);
      const me = async () => SessionUserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).json().data.user);
      expect(await me()).toMatchObject({ is_premium: false, premium_until: null, avatar_url: null });
      const granted = await grantPremium(t.database.db, m.id, 30, new Date().toISOString());
      expect(await me()).toMatchObject({ is_premium: true, premium_until: granted.ends_at });
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in by e-mail (any case) and by mobile in any local format, with a new token each time', async () => {
      const byEmail = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'THANDI@example.test', password: FACTORY_PASSWORD } });
      expect(byEmail.statusCode).toBe(200);
      expect(byEmail.json()).toMatchObject({ success: true, message: 'Login successful!', data: { user: { id: member.id } } });
      const byMobile = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile: '082 123 4567', password: FACTORY_PASSWORD } });
      expect(byMobile.statusCode).toBe(200);
      const [a, b] = [byEmail.json().data.token, byMobile.json().data.token];
      expect(a).not.toBe(b);
      expect(a.length).toBeGreaterThanOrEqual(43);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(b) });
      expect(me.json().data.user.id).toBe(member.id);
    });

    it('stores only a hash of the token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'thandi@example.test', password: FACTORY_PASSWORD } });
      const token: string = res.json().data.token;
      const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows.some((r) => r.token_hash === token)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    });

    it('says the same thing for a wrong password and an unknown account', async () => {
      const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'thandi@example.test', password: 'nope-nope-nope' } });
      const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.test', password: 'nope-nope-nope' } });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe(unknown.json().message);
    });

    it('validates the identifier', async () => {
      const noId = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
      expect(noId.statusCode).toBe(422);
      expect(noId.json().errors.email).toBeDefined();
      const badMobile = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile: '12345', password: 'x' } });
      expect(badMobile.statusCode).toBe(422);
      expect(badMobile.json().errors.mobile).toEqual(['Enter a valid mobile number.']);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('requires authentication', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    });

    it('revokes only this token', async () => {
      const keep = await signIn(t.app, member);
      const drop = await signIn(t.app, member);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(drop) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Logged out successfully' });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(drop) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(keep) })).statusCode).toBe(200);
    });

    it('treats an expired session as signed out', async () => {
      const token = await signIn(t.app, member);
      await t.database.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', member.id).execute();
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(401);
    });
  });
});

describe('auth: a token looked up once for a burst of requests, never once revoked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
  const lookUps = () => vi.spyOn(t.app.services.auth, 'authenticate');

  // Kept on SQLite (one process sees every change) and on PostgreSQL (every process hears every change: LISTEN/NOTIFY).
  it('looks a token up once for several requests', async () => {
    const token = await signIn(t.app, await buildUser(t.database.db, { name: 'Ayanda' }));
    const spy = lookUps();
    try {
      for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('sees a change of the member at once', async () => {
    const member = await buildUser(t.database.db, { name: 'Bheki' });
    const token = await signIn(t.app, member);
    expect((await me(token)).json().data.user.name).toBe('Bheki');
    await t.database.db.updateTable('users').set({ name: 'Bheki M.' }).where('id', '=', member.id).execute();
    expect((await me(token)).json().data.user.name).toBe('Bheki M.');
  });

  it('refuses a revoked session on the very next request, a chat message included', async () => {
    const [member, friend] = [await buildUser(t.database.db, { name: 'Cebo' }), await buildUser(t.database.db, { name: 'Dumi' })];
    const [token, otherDevice] = [await signIn(t.app, member), await signIn(t.app, member)];
    await buildMatch(t.database.db, member, friend);
    const roomId = (await t.app.inject({ method: 'POST', url: '/api/chat/rooms', headers: bearer(token), payload: { user_id: friend.id } })).json().data.id;
    const send = (as: string) => t.app.inject({ method: 'POST', url: '/api/chat/messages', headers: bearer(as), payload: { chat_room_id: roomId, message: 'hi' } });
    expect((await send(token)).statusCode).toBe(201);
    expect((await send(otherDevice)).statusCode).toBe(201);

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await send(token)).statusCode).toBe(401);

    expect((await send(otherDevice)).statusCode).toBe(201);
    await t.database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', member.id).execute();
    expect((await send(otherDevice)).statusCode).toBe(401);
  });

  it('forgets a deleted member at once', async () => {
    const member = await buildUser(t.database.db, { name: 'Enhle' });
    const token = await signIn(t.app, member);
    expect((await me(token)).statusCode).toBe(200);
    await t.database.db.deleteFrom('users').where('id', '=', member.id).execute();
    expect((await me(token)).statusCode).toBe(401);
  });
});

// A revocation by another process is tested with real processes in processes.test.ts.
describe('auth with REDIS_URL (as run with several processes)', needsEnv('REDIS_URL'), () => {
  // SQLite with Redis means several processes, each with its own file's view: nothing is kept. On
  // PostgreSQL every process hears every change (kept-reads.test.ts), so the session is kept there.
  it('on SQLite keeps no process-local session cache (authenticates every request); on PostgreSQL keeps it', async () => {
    const t = await buildTestApp({ REDIS_URL: process.env.REDIS_URL! });
    try {
      const token = await signIn(t.app, await buildUser(t.database.db, { name: 'Fezile' }));
      const spy = vi.spyOn(t.app.services.auth, 'authenticate');
      for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(200);
      expect(spy).toHaveBeenCalledTimes(testDialect() === 'sqlite' ? 2 : 1);
    } finally {
      await t.close();
    }
  });
});
