import dns, { type LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUSH_MESSAGES, PushDeviceSchema } from '@linkup/contract';
import { loadConfig } from '../src/config';
import { buildTestApp, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, type Member, api, bearer, buildMember, buildUser, signIn } from './helpers/factories';
import { DevicesRepository } from '../src/modules/devices/devices.repository';
import { NotificationsRepository } from '../src/modules/notifications/notifications.repository';
import { startFakePushService } from './helpers/fake-push';

describe('push devices API (/user/fcm-token)', () => {
  let t: TestApp;
  let serial = 0;
  const fcmToken = () => `fcm:${++serial}:${'x'.repeat(140)}`;
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
      const m = await buildMember(t.app);
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
      const m = await buildMember(t.app);
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
      const phone = await buildMember(t.app);
      const laptop = await anotherSession(phone);
      await register(phone, { fcm_token: fcmToken(), device_type: 'android' });
      await register(laptop, { fcm_token: '{"endpoint":"https://fcm.googleapis.com/fcm/send/abc","keys":{"p256dh":"k","auth":"a"}}', device_type: 'web' });
      const rows = await devicesOf(phone.user.id);
      expect(rows.map((d) => d.device_type).sort()).toEqual(['android', 'web']);
      expect(new Set(rows.map((d) => d.session_id)).size).toBe(2);
    });

    it("moves a token to whoever registers it last (the same install, signed in as someone else)", async () => {
      const a = await buildMember(t.app);
      const b = await buildMember(t.app);
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
    ])('answers 422 for %s and stores nothing', async (_case, payload) => {
      const m = await buildMember(t.app);
      const res = await register(m, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, status: 422 });
      expect(await devicesOf(m.user.id)).toEqual([]);
    });
  });

  describe('DELETE', () => {
    it("removes this session's device only, and is fine when there is none", async () => {
      const phone = await buildMember(t.app);
      const laptop = await anotherSession(phone);
      await register(phone, { fcm_token: fcmToken(), device_type: 'android' });
      const laptopToken = `{"endpoint":"https://updates.push.services.mozilla.com/wpush/v2/${++serial}","keys":{"p256dh":"BKey","auth":"secret"}}`;
      expect((await register(laptop, { fcm_token: laptopToken, device_type: 'web' })).statusCode).toBe(200);

      const res = await remove(phone);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: null, message: PUSH_MESSAGES.removed });
      expect((await devicesOf(phone.user.id)).map((d) => d.token)).toEqual([laptopToken]);

      expect((await remove(phone)).statusCode).toBe(200);
      expect(await devicesOf(phone.user.id)).toHaveLength(1);
    });

    it('removes a named token of my own, and never another member’s', async () => {
      const a = await buildMember(t.app);
      const aElsewhere = await anotherSession(a);
      const b = await buildMember(t.app);
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
      const m = await buildMember(t.app);
      expect((await remove(m, { fcm_token: 12 })).statusCode).toBe(422);
    });
  });

  describe('every way a session ends takes its device, whether or not the app removed it (issue 32)', () => {
    const call = api(() => t.app);
    const twoDevices = async () => {
      const phone = await buildMember(t.app);
      const laptop = await anotherSession(phone);
      const phoneToken = fcmToken();
      const laptopToken = fcmToken();
      await register(phone, { fcm_token: phoneToken, device_type: 'android' });
      await register(laptop, { fcm_token: laptopToken, device_type: 'ios' });
      return { phone, laptop, phoneToken, laptopToken };
    };
    const tokensOf = async (userId: string) => (await devicesOf(userId)).map((d) => d.token);

    it('logout', async () => {
      const { phone, laptopToken } = await twoDevices();
      expect((await call(phone, 'POST', '/auth/logout')).statusCode).toBe(200);
      expect(await tokensOf(phone.user.id)).toEqual([laptopToken]);
    });

    it('logging out the other devices', async () => {
      const { phone, laptop, laptopToken } = await twoDevices();
      expect((await call(laptop, 'POST', '/account/logout-others')).statusCode).toBe(200);
      expect(await tokensOf(phone.user.id)).toEqual([laptopToken]);
    });

    it('a password change', async () => {
      const { phone, laptop, laptopToken } = await twoDevices();
      const res = await call(laptop, 'PUT', '/account/password', {
        current_password: FACTORY_PASSWORD, password: 'another-horse-battery-7', password_confirmation: 'another-horse-battery-7',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await tokensOf(phone.user.id)).toEqual([laptopToken]);
    });

    it('a suspension (every session of the member)', async () => {
      const { phone } = await twoDevices();
      await t.app.services.auth.endEverySession(phone.user.id);
      expect(await tokensOf(phone.user.id)).toEqual([]);
    });

    it('an expiry: the device goes before the next push (the devices module forgets it), which never reaches it', async () => {
      const { phone, laptopToken } = await twoDevices();
      await t.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', await sessionOf(phone.token)).execute();
      const now = new Date().toISOString();
      // The push's one read sees it ended (notifications.service then forgets it) and targets only the live one.
      const notifications = new NotificationsRepository(t.database.db);
      const targets = await notifications.devicesOf(phone.user.id, now);
      expect(targets.live.map((d) => d.token)).toEqual([laptopToken]);
      expect(targets.anyEnded).toBe(true);
      await new DevicesRepository(t.database.db).forgetSignedOut(phone.user.id, now);
      expect(await tokensOf(phone.user.id)).toEqual([laptopToken]);
      expect(await notifications.devicesOf(phone.user.id, now)).toEqual({ live: [expect.objectContaining({ token: laptopToken })], anyEnded: false });
    });
  });

  it('forgets the devices of a deleted member', async () => {
    const m = await buildMember(t.app);
    await register(m, { fcm_token: fcmToken(), device_type: 'android' });
    await t.database.db.deleteFrom('users').where('id', '=', m.user.id).execute();
    expect(await devicesOf(m.user.id)).toEqual([]);
  });
});

// Issue 27 item 6: the server posts a push only to a known push service's https endpoint, on a
// connection to the public address that name resolved to when sent.
describe('Web Push endpoints: push services only, checked again when sent', () => {
  const subscription = (endpoint: string) => JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' } });

  describe('registering', () => {
    let t: TestApp;
    let push: Awaited<ReturnType<typeof startFakePushService>>;
    beforeAll(async () => {
      [t, push] = await Promise.all([buildTestApp(), startFakePushService()]);
    });
    afterAll(async () => Promise.all([t.close(), push.close()]));

    const registerAs = async (endpoint: string) => {
      const user = await buildUser(t.database.db);
      const token = await signIn(t.app, user);
      const res = await t.app.inject({
        method: 'POST', url: '/api/user/fcm-token', headers: bearer(token), payload: { fcm_token: subscription(endpoint), device_type: 'web' },
      });
      return { res, rows: await t.database.db.selectFrom('push_devices').selectAll().where('user_id', '=', user.id).execute() };
    };

    it.each([
      ['a loopback address over http (a local service)', () => `${new URL(JSON.parse(push.subscribe()).endpoint).origin}/push/1`],
      ['localhost spelled with a trailing dot', () => 'https://localhost./push/1'],
      ['a host that is no push service', () => 'https://evil.example/push/1'],
      ['a name ending like a push service', () => 'https://fcm.googleapis.com.evil.example/fcm/send/1'],
      ['a push service on another port', () => 'https://fcm.googleapis.com:8443/fcm/send/1'],
      ['a push service over plain http', () => 'http://fcm.googleapis.com/fcm/send/1'],
      ['a private address', () => 'https://10.0.0.8/push'],
      ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data'],
      ['an IPv4-mapped loopback address', () => 'https://[::ffff:127.0.0.1]/push'],
    ])('refuses %s with 422 push_endpoint_refused and stores nothing', async (_case, endpoint) => {
      const { res, rows } = await registerAs(endpoint());
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        success: false, status: 422, code: 'push_endpoint_refused', message: PUSH_MESSAGES.endpointRefused, errors: { fcm_token: [PUSH_MESSAGES.endpointRefused] },
      });
      expect(rows).toEqual([]);
      expect(push.received).toEqual([]);
    });

    it.each([
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMHTQm',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    ])('accepts the push service endpoint %s', async (endpoint) => {
      const { res, rows } = await registerAs(endpoint);
      expect(res.statusCode, res.body).toBe(200);
      expect(rows).toHaveLength(1);
    });

    it('keeps validation_failed for a token that is no push subscription at all', async () => {
      const user = await buildUser(t.database.db);
      const res = await t.app.inject({ method: 'POST', url: '/api/user/fcm-token', headers: bearer(await signIn(t.app, user)), payload: { fcm_token: '{"endpoint":1}', device_type: 'web' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'push_subscription_invalid', errors: { fcm_token: [PUSH_MESSAGES.invalidSubscription] } });
    });
  });

  describe('the test-only fake push service setting', () => {
    it('is off by default in development and test, and refused in production', () => {
      expect(loadConfig({ NODE_ENV: 'development' }).push.testOnlyLoopbackService).toBe(false);
      expect(loadConfig({ NODE_ENV: 'test' }).push.testOnlyLoopbackService).toBe(false);
      expect(loadConfig({ NODE_ENV: 'test', TEST_ONLY_LOOPBACK_PUSH_SERVICE: 'true' }).push.testOnlyLoopbackService).toBe(true);
      expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), TEST_ONLY_LOOPBACK_PUSH_SERVICE: 'true' }))
        .toThrow(/TEST_ONLY_LOOPBACK_PUSH_SERVICE: is for tests only, never in production/);
    });

    it('lets a member register a local fake push service only when set', async () => {
      const [t, push] = await Promise.all([buildTestApp({ TEST_ONLY_LOOPBACK_PUSH_SERVICE: 'true' }), startFakePushService()]);
      try {
        const user = await buildUser(t.database.db);
        const headers = bearer(await signIn(t.app, user));
        const local = await t.app.inject({ method: 'POST', url: '/api/user/fcm-token', headers, payload: { fcm_token: push.subscribe(), device_type: 'web' } });
        expect(local.statusCode, local.body).toBe(200);
        // Still no other inside host.
        const inside = await t.app.inject({ method: 'POST', url: '/api/user/fcm-token', headers, payload: { fcm_token: subscription('https://10.0.0.8/push'), device_type: 'web' } });
        expect(inside.json()).toMatchObject({ status: 422, code: 'push_endpoint_refused' });
      } finally {
        await Promise.all([t.close(), push.close()]);
      }
    });
  });

  describe('sending', () => {
    let t: TestApp;
    let push: Awaited<ReturnType<typeof startFakePushService>>;
    beforeAll(async () => {
      [t, push] = await Promise.all([buildTestApp({ PUSH_RETRY_BASE_MS: '20' }), startFakePushService()]);
    });
    afterAll(async () => Promise.all([t.close(), push.close()]));

    /**
     * DNS, as the server process sees it, answering `address` for the push service's name (a
     * poisoned resolver, a rebinding name, /etc/hosts) and the real answer for any other name.
     */
    const resolving = (hostname: string, address: LookupAddress) => {
      const real = dns.lookup.bind(dns);
      const asked: string[] = [];
      const spy = vi.spyOn(dns, 'lookup').mockImplementation(((name: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
        if (name !== hostname) return (real as (...args: unknown[]) => void)(name, options, callback);
        asked.push(name);
        return options.all ? callback(null, [address]) : callback(null, address.address, address.family);
      }) as unknown as typeof dns.lookup);
      return { asked, restore: () => spy.mockRestore() };
    };

    it.each([
      ['a loopback address', { address: '127.0.0.1', family: 4 }],
      ['a private address', { address: '10.20.30.40', family: 4 }],
      ['an IPv6 unique-local address', { address: 'fd00::1', family: 6 }],
    ])('refuses a push service whose name resolves to %s, sending nothing and keeping the device', async (_case, address) => {
      const member = await buildUser(t.database.db, { name: 'Rebound' });
      const liker = await buildUser(t.database.db, { name: 'Liker' });
      // Real subscription keys, so the push is encrypted and ready to go before the address is checked.
      const token = JSON.stringify({ ...JSON.parse(push.subscribe()), endpoint: `https://fcm.googleapis.com/fcm/send/${address.address}` });
      const registered = await t.app.inject({ method: 'POST', url: '/api/user/fcm-token', headers: bearer(await signIn(t.app, member)), payload: { fcm_token: token, device_type: 'web' } });
      expect(registered.statusCode, registered.body).toBe(200);
      const likerToken = await signIn(t.app, liker);
      const devicesBefore = await t.database.db.selectFrom('push_devices').select(['id', 'token']).where('user_id', '=', member.id).execute();
      expect(devicesBefore).toHaveLength(1);

      const warn = vi.spyOn(t.app.log, 'warn');
      const dnsOf = resolving('fcm.googleapis.com', address);
      try {
        expect((await t.app.inject({ method: 'POST', url: `/api/matches/${member.id}/like`, headers: bearer(likerToken) })).statusCode).toBe(200);
        await t.app.services.notifications.settled();
      } finally {
        dnsOf.restore();
      }
      const warnings = [...warn.mock.calls];
      warn.mockRestore();
      expect(dnsOf.asked).toEqual(['fcm.googleapis.com']);
      // Refused at once (not retried as a network failure) for the address it resolved to.
      expect(warnings).toEqual([[
        { device: devicesBefore[0]!.id, reason: `fcm.googleapis.com resolves to ${address.address}, not a public address` },
        'push refused',
      ]]);
      expect(await t.database.db.selectFrom('push_devices').select(['id', 'token']).where('user_id', '=', member.id).execute()).toEqual(devicesBefore);
      expect(await t.database.db.selectFrom('push_retries').selectAll().where('device_id', '=', devicesBefore[0]!.id).execute()).toEqual([]);
    });
  });
});
