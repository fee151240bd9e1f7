import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OtpSentSchema, SessionUserSchema } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, buildUser } from './helpers/factories';
import { latestCode, outboxFor } from './helpers/outbox';
import type { UserRow } from '../src/db/schema';

let seq = 0;
/** A fresh valid South African mobile for each test, so caps never carry over. */
const freshMobile = () => `+2784${String(1_000_000 + ((Date.now() + seq++ * 7919) % 8_999_999)).padStart(7, '0')}`;
const post = (t: TestApp, url: string, payload: unknown, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload: payload as object, remoteAddress: ip });

describe('sign-in with a WhatsApp code', () => {
  let t: TestApp;
  let member: UserRow;
  let mobile: string;
  beforeAll(async () => {
    t = await buildTestApp({ OTP_RESEND_COOLDOWN_SECONDS: '60' });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    mobile = freshMobile();
    member = await buildUser(t.database.db, { phone_number: mobile, phone_verified_at: null, profile_completed: false, onboarding_completed_at: null });
  });

  it('request-otp sends a 6-digit code by WhatsApp and answers with its expiry', async () => {
    const before = Date.now();
    const res = await post(t, 'request-otp', { mobile });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Code sent to your WhatsApp!');
    const data = OtpSentSchema.parse(res.json().data);
    const ttl = Date.parse(data.expires_at) - before;
    expect(ttl).toBeGreaterThan(295_000);
    expect(ttl).toBeLessThanOrEqual(301_000);
    expect(Date.parse(data.resend_available_at) - before).toBeGreaterThan(55_000);
    const [message] = await outboxFor(t.app, mobile);
    expect(message).toMatchObject({ channel: 'whatsapp', to: mobile });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.body).toContain(message!.code);
  });

  it('stores only a hash of the code', async () => {
    await post(t, 'request-otp', { mobile });
    const code = await latestCode(t.app, mobile);
    const rows = await t.database.db.selectFrom('otp_codes').selectAll().where('phone_number', '=', mobile).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('accepts local formats of the number', async () => {
    const local = `0${mobile.slice(3, 5)} ${mobile.slice(5, 8)} ${mobile.slice(8)}`;
    expect((await post(t, 'request-otp', { mobile: local })).statusCode).toBe(200);
    expect(await outboxFor(t.app, mobile)).toHaveLength(1);
  });

  it('verify-otp with the right code signs in once, marks the number verified and sends new members to onboarding', async () => {
    await post(t, 'request-otp', { mobile });
    const otp = await latestCode(t.app, mobile);
    const res = await post(t, 'verify-otp', { mobile, otp });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Login successful!');
    const user = SessionUserSchema.parse(res.json().data.user);
    expect(user).toMatchObject({ id: member.id, profile_completed: false, onboarding_completed_at: null });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${res.json().data.token}` } });
    expect(me.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('users').select('phone_verified_at').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.phone_verified_at).not.toBeNull();

    const again = await post(t, 'verify-otp', { mobile, otp });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'otp_invalid', message: "That code isn't right" });
  });

  it('a wrong code says the tries left (422 otp_invalid, details.tries_left); the last is otp_locked, even the right code is refused, and a new code may be sent at once (issue 32 item 2)', async () => {
    await post(t, 'request-otp', { mobile });
    const otp = await latestCode(t.app, mobile);
    const wrongCode = otp === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const res = await post(t, 'verify-otp', { mobile, otp: wrongCode });
      expect(res.statusCode).toBe(422);
      const message = `That code isn't right — ${left} ${left === 1 ? 'try' : 'tries'} left`;
      expect(res.json()).toMatchObject({ code: 'otp_invalid', message, errors: { otp: [message] }, details: { tries_left: left } });
    }
    const last = await post(t, 'verify-otp', { mobile, otp: wrongCode });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'otp_locked', message: 'Too many wrong codes. Request a new one.' });
    const locked = await post(t, 'verify-otp', { mobile, otp });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('otp_locked');
    expect((await post(t, 'otp-status', { mobile })).json().data).toEqual({ exists: false, expires_in_seconds: 0 });
    // Resend at once, inside the cool-down: the locked code is dead.
    const resent = await post(t, 'resend-otp', { mobile });
    expect(resent.statusCode).toBe(200);
    const fresh = await latestCode(t.app, mobile);
    expect((await post(t, 'verify-otp', { mobile, otp: fresh })).statusCode).toBe(200);
  });

  it('parallel wrong guesses cannot exceed the limit', async () => {
    await post(t, 'request-otp', { mobile });
    const otp = await latestCode(t.app, mobile);
    const wrongCode = otp === '000000' ? '111111' : '000000';
    await Promise.all(Array.from({ length: 12 }, () => post(t, 'verify-otp', { mobile, otp: wrongCode })));
    const row = await t.database.db.selectFrom('otp_codes').select('attempts').where('phone_number', '=', mobile).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it('an expired code is refused', async () => {
    await post(t, 'request-otp', { mobile });
    const otp = await latestCode(t.app, mobile);
    await t.database.db.updateTable('otp_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('phone_number', '=', mobile).execute();
    const res = await post(t, 'verify-otp', { mobile, otp });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'otp_invalid', message: "That code isn't right" });
  });

  it('otp-status tells whether a live code exists and for how long', async () => {
    expect((await post(t, 'otp-status', { mobile })).json().data).toEqual({ exists: false, expires_in_seconds: 0 });
    await post(t, 'request-otp', { mobile });
    const status = (await post(t, 'otp-status', { mobile })).json().data;
    expect(status.exists).toBe(true);
    expect(status.expires_in_seconds).toBeGreaterThan(290);
    expect(status.expires_in_seconds).toBeLessThanOrEqual(300);
  });

  it('request-otp during the cool-down answers with the live code and sends nothing new', async () => {
    const first = (await post(t, 'request-otp', { mobile })).json().data;
    const second = await post(t, 'request-otp', { mobile });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(first);
    expect(await outboxFor(t.app, mobile)).toHaveLength(1);
  });

  it('resend-otp is refused during the cool-down and sends a new code (old one dead) after it', async () => {
    await post(t, 'request-otp', { mobile });
    const oldCode = await latestCode(t.app, mobile);
    const early = await post(t, 'resend-otp', { mobile });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe('Please wait a moment before requesting another code.');

    await t.database.db.updateTable('otp_codes').set({ last_sent_at: new Date(Date.now() - 61_000).toISOString() }).where('phone_number', '=', mobile).execute();
    const resent = await post(t, 'resend-otp', { mobile });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('New code sent to your WhatsApp!');
    const messages = await outboxFor(t.app, mobile);
    expect(messages).toHaveLength(2);
    const newCode = messages[0]!.code!;
    if (newCode !== oldCode) expect((await post(t, 'verify-otp', { mobile, otp: oldCode })).statusCode).toBe(422);
    expect((await post(t, 'verify-otp', { mobile, otp: newCode })).statusCode).toBe(200);
  });

  /** Lets the next request send a new code at once (the resend cool-down is a minute). */
  const coolDownPassed = () =>
    t.database.db.updateTable('otp_codes').set({ last_sent_at: '2000-01-01T00:00:00.000Z' }).where('phone_number', '=', mobile).execute();

  it('caps the codes one address asks for a number, without locking the number’s owner out (issue #12 item 8)', async () => {
    const attacker = '10.0.0.66';
    for (let i = 0; i < 5; i++) {
      await coolDownPassed();
      expect((await post(t, 'resend-otp', { mobile }, attacker)).statusCode).toBe(200);
    }
    await coolDownPassed();
    const capped = await post(t, 'resend-otp', { mobile }, attacker);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe('Too many codes requested. Please try again later.');

    // The owner, from their own address, still gets a code and signs in with it.
    await coolDownPassed();
    expect((await post(t, 'request-otp', { mobile }, '10.0.0.7')).statusCode).toBe(200);
    expect((await post(t, 'verify-otp', { mobile, otp: await latestCode(t.app, mobile) }, '10.0.0.7')).statusCode).toBe(200);
  });

  it('bounds a number’s codes from strangers’ addresses together a day; an address its member signed in from has its own (issue 27 item 15)', async () => {
    for (let i = 0; i < 20; i++) {
      await coolDownPassed();
      expect((await post(t, 'resend-otp', { mobile }, `10.1.${Math.floor(i / 5)}.1`)).statusCode, `code ${i + 1}`).toBe(200);
    }
    await coolDownPassed();
    expect((await post(t, 'resend-otp', { mobile }, '10.1.9.9')).statusCode).toBe(429);
    // A sign-in (here with the password) makes the address known to the number.
    const signIn = await post(t, 'login', { mobile, password: FACTORY_PASSWORD }, '10.1.9.9');
    expect(signIn.statusCode).toBe(200);
    await coolDownPassed();
    expect((await post(t, 'request-otp', { mobile }, '10.1.9.9')).statusCode).toBe(200);
  });

  it('caps codes per IP per hour across numbers', async () => {
    const ip = '10.20.30.40';
    for (let i = 0; i < 20; i++) expect((await post(t, 'request-otp', { mobile: freshMobile() }, ip)).statusCode).toBe(200);
    expect((await post(t, 'request-otp', { mobile: freshMobile() }, ip)).statusCode).toBe(429);
  });

  it('answers a number without an account exactly as a member’s, and sends it its code too (issue 32 item 1)', async () => {
    const stranger = freshMobile();
    const [known, unknown] = [await post(t, 'request-otp', { mobile }), await post(t, 'request-otp', { mobile: stranger })];
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    const shape = (r: typeof known) => ({ keys: Object.keys(r.json().data), message: r.json().message });
    expect(shape(unknown)).toEqual(shape(known));
    expect(await outboxFor(t.app, stranger)).toHaveLength(1);
    expect((await post(t, 'otp-status', { mobile: stranger })).json().data.exists).toBe(true);
    const otp = await latestCode(t.app, stranger);
    const wrong = otp === '000000' ? '111111' : '000000';
    const [a, b] = [await post(t, 'verify-otp', { mobile, otp: wrong }), await post(t, 'verify-otp', { mobile: stranger, otp: wrong })];
    expect([a.statusCode, a.json().code, a.json().message]).toEqual([b.statusCode, b.json().code, b.json().message]);
  });

  it.each([
    ['request-otp', {}, 'mobile'],
    ['request-otp', { mobile: '123' }, 'mobile'],
    ['request-otp', { mobile: '+99912345678' }, 'mobile'],
    ['verify-otp', { mobile: '+27821234567', otp: '12345' }, 'otp'],
    ['verify-otp', { mobile: '+27821234567', otp: 'abcdef' }, 'otp'],
    ['verify-otp', { mobile: '+27821234567' }, 'otp'],
    ['otp-status', { mobile: 42 }, 'mobile'],
  ])('%s with %j → 422 on %s', async (url, payload, field) => {
    const res = await post(t, url, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
  });
});

describe('auth endpoints are rate-limited per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => t.close());

  it('answers 429 after the per-minute limit', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 3; i++) expect((await post(t, 'otp-status', { mobile: '+27821234567' }, ip)).statusCode).toBe(200);
    const limited = await post(t, 'otp-status', { mobile: '+27821234567' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many requests. Please try again later.');
  });
});
