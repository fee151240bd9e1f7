import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES, PushDeviceSchema } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { bearer, buildUser, signIn } from './helpers/factories';
import type { UserRow } from '../src/db/schema';

interface Member { user: UserRow; token: string }

describe('push devices API (/user/fcm-token)', () => {
  let t: TestApp;
  let serial = 0;
  const fcmToken = () => `fcm:${++serial}:${'x'.repeat(140)}`;
  const make = async (): Promise<Member> => {
    const user = await buildUser(t.database.db);
    return { user, token: await signIn(t.app, user) };
  };
  const anotherSession = async (m: Member): Promise<Member> => ({ user: m.user, token: await signIn(t.app, m.user) });
  const register = (m: Member | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/user/fcm-token', payload: payload as object, ...(m ? { headers: bearer(m.token) } : {}) });
  const remove = (m: Member | null, payload?: unknown) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/user/fcm-token',
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(m ? { headers: bearer(m.token) } : {}),
    });
  const devicesOf = (userId: string) =>
    t.database.db.selectFrom('push_devices').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const sessionOf = async (token: string) => (await t.app.memberForToken(token))!.sessionId;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    expect((await register(null, { fcm_token: fcmToken(), device_type: 'android' })).statusCode).toBe(401);
    expect((await remove(null)).statusCode).toBe(401);
  });

  describe('POST', () => {
    it("registers the session's device and never echoes the token", async () => {
      const m = await make();
      const token = fcmToken();
      const res = await register(m, { fcm_token: token, device_type: 'android', device_name: 'Pixel 8', user_agent: 'LinkUp/1.0 (Android 15)' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe(PUSH_MESSAGES.registered);
      const device = PushDeviceSchema.strict().parse(body.data);
      expect(device).toMatchObject({ device_type: 'android', device_name: 'Pixel 8' });
      expect(res.body).not.toContain(token);

      const rows = await devicesOf(m.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: device.id, token, device_type: 'android', device_name: 'Pixel 8', user_agent: 'LinkUp/1.0 (Android 15)',
        session_id: await sessionOf(m.token),
      });
    });

    it('refreshes: the same token again keeps one device; a new token replaces the session’s old one', async () => {
      const m = await make();
      const first = fcmToken();
      const a = (await register(m, { fcm_token: first, device_type: 'ios' })).json().data;
      const b = (await register(m, { fcm_token: first, device_type: 'ios', device_name: 'iPhone' })).json().data;
      expect(b.id).toBe(a.id);
      expect(b.device_name).toBe('iPhone');
      expect(b.updated_at >= a.updated_at).toBe(true);
      expect(await devicesOf(m.user.id)).toHaveLength(1);

      const rotated = fcmToken();
      expect((await register(m, { fcm_token: rotated, device_type: 'ios' })).statusCode).toBe(200);
      expect((await devicesOf(m.user.id)).map((d) => d.token)).toEqual([rotated]);
    });

    it('keeps one device per session, so two sessions of a member have two', async () => {
      const phone = await make();
      const laptop = await anotherSession(phone);
      await register(phone, { fcm_token: fcmToken(), device_type: 'android' });
      await register(laptop, { fcm_token: '{"endpoint":"https://push.example.test/abc","keys":{"p256dh":"k","auth":"a"}}', device_type: 'web' });
      const rows = await devicesOf(phone.user.id);
      expect(rows.map((d) => d.device_type).sort()).toEqual(['android', 'web']);
      expect(new Set(rows.map((d) => d.session_id)).size).toBe(2);
    });

    it("moves a token to whoever registers it last (the same install, signed in as someone else)", async () => {
      const a = await make();
      const b = await make();
      const shared = fcmToken();
      await register(a, { fcm_token: shared, device_type: 'android' });
      expect((await register(b, { fcm_token: shared, device_type: 'android' })).statusCode).toBe(200);
      expect(await devicesOf(a.user.id)).toEqual([]);
      expect((await devicesOf(b.user.id)).map((d) => d.token)).toEqual([shared]);
    });

    it.each([
      ['no token', { device_type: 'android' }],
      ['an empty token', { fcm_token: '', device_type: 'android' }],
      ['an unknown device type', { fcm_token: 'abc', device_type: 'windows' }],
      ['no device type', { fcm_token: 'abc' }],
      ['a token with a NUL', { fcm_token: 'ab\u0000c', device_type: 'android' }],
      ['a token that is not ASCII', { fcm_token: 'abc\u00e9', device_type: 'android' }],
      ['an overlong token', { fcm_token: 'a'.repeat(2049), device_type: 'android' }],
      ['a device name with a bidi override', { fcm_token: 'abc', device_type: 'ios', device_name: 'iPhone\u202Egnp.exe' }],
      ['a user agent with a NUL', { fcm_token: 'abc', device_type: 'web', user_agent: 'Mozilla\u0000' }],
      ['a number for a token', { fcm_token: 42, device_type: 'web' }],
      ['a web token that is not a push subscription', { fcm_token: 'abc', device_type: 'web' }],
      ['a web push endpoint on a private address', { fcm_token: '{"endpoint":"https://10.0.0.8/push","keys":{"p256dh":"k","auth":"a"}}', device_type: 'web' }],
      ['a web push endpoint over plain http', { fcm_token: '{"endpoint":"http://push.example.test/a","keys":{"p256dh":"k","auth":"a"}}', device_type: 'web' }],
    ])('answers 422 for %s and stores nothing', async (_case, payload) => {
      const m = await make();
      const res = await register(m, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, status: 422 });
      expect(await devicesOf(m.user.id)).toEqual([]);
    });
  });

  describe('DELETE', () => {
    it("removes this session's device only, and is fine when there is none", async () => {
      const phone = await make();
      const laptop = await anotherSession(phone);
      await register(phone, { fcm_token: fcmToken(), device_type: 'android' });
      const laptopToken = `{"endpoint":"https://push.example.test/${++serial}","keys":{"p256dh":"BKey","auth":"secret"}}`;
      expect((await register(laptop, { fcm_token: laptopToken, device_type: 'web' })).statusCode).toBe(200);

      const res = await remove(phone);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: null, message: PUSH_MESSAGES.removed });
      expect((await devicesOf(phone.user.id)).map((d) => d.token)).toEqual([laptopToken]);

      expect((await remove(phone)).statusCode).toBe(200);
      expect(await devicesOf(phone.user.id)).toHaveLength(1);
    });

    it('removes a named token of my own, and never another member’s', async () => {
      const a = await make();
      const aElsewhere = await anotherSession(a);
      const b = await make();
      const mine = fcmToken();
      const theirs = fcmToken();
      await register(aElsewhere, { fcm_token: mine, device_type: 'ios' });
      await register(b, { fcm_token: theirs, device_type: 'android' });

      expect((await remove(a, { fcm_token: theirs })).statusCode).toBe(200);
      expect((await devicesOf(b.user.id)).map((d) => d.token)).toEqual([theirs]);

      expect((await remove(a, { fcm_token: mine })).statusCode).toBe(200);
      expect(await devicesOf(a.user.id)).toEqual([]);
    });

    it('answers 422 for a malformed body', async () => {
      const m = await make();
      expect((await remove(m, { fcm_token: 12 })).statusCode).toBe(422);
    });
  });

  it('forgets the devices of a deleted member', async () => {
    const m = await make();
    await register(m, { fcm_token: fcmToken(), device_type: 'android' });
    await t.database.db.deleteFrom('users').where('id', '=', m.user.id).execute();
    expect(await devicesOf(m.user.id)).toEqual([]);
  });
});
