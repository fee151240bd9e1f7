import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PhoneSignupStartSchema, SessionUserSchema } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, api, bearer, buildUnconfirmedUser, buildUser, signIn } from './helpers/factories';
import { latestCode, latestLink, outboxFor } from './helpers/outbox';

let seq = 0;
/** A fresh valid South African mobile for each test, so caps never carry over. */
const freshMobile = () => `+2786${String(1_000_000 + ((Date.now() + seq++ * 7919) % 8_999_999)).padStart(7, '0')}`;

/** Issue 32 item 1: "Continue with WhatsApp" signs a member in, and takes a new number to a short sign-up. */
describe('phone-first sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const post = (url: string, payload?: object, token?: string) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, ...(payload ? { payload } : {}), ...(token ? { headers: bearer(token) } : {}) });
  const proveNumber = async (mobile: string) => {
    expect((await post('auth/request-otp', { mobile })).statusCode).toBe(200);
    return post('auth/verify-otp', { mobile, otp: await latestCode(t.app, mobile) });
  };
  const signUp = (signupToken: string, extra: object = {}) =>
    post('auth/register/phone', {
      signup_token: signupToken, name: 'Lindiwe Phone', date_of_birth: '1996-04-12', gender: 'female', terms_accepted: true, ...extra,
    });

  it('a new number gets its code, then a sign-up token (no session); the sign-up makes a member with the number confirmed, no e-mail and no password', async () => {
    const mobile = freshMobile();
    const verified = await proveNumber(mobile);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(AUTH_MESSAGES.numberVerified);
    const start = PhoneSignupStartSchema.strict().parse(verified.json().data);
    expect(start.mobile).toBe(mobile);
    const ttl = Date.parse(start.signup_expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    // Only a hash of the token is kept.
    expect(JSON.stringify(await t.database.db.selectFrom('phone_signups').selectAll().execute())).not.toContain(start.signup_token);

    const res = await signUp(start.signup_token);
    expect(res.statusCode, res.body).toBe(201);
    const user = SessionUserSchema.parse(res.json().data.user);
    expect(user).toMatchObject({
      name: 'Lindiwe Phone', phone_number: mobile, phone_verified: true, email: null, has_password: false,
      profile_completed: false, onboarding_completed_at: null,
    });
    const token = res.json().data.token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(200);

    // The number signs in with its next code, as any member's.
    const again = await proveNumber(mobile);
    expect(again.json().data.user.id).toBe(user.id);
  });

  it('an existing member is signed in by the code, never offered a sign-up', async () => {
    const mobile = freshMobile();
    const member = await buildUser(t.database.db, { phone_number: mobile });
    const res = await proveNumber(mobile);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).not.toHaveProperty('signup_token');
    expect(res.json().data.user.id).toBe(member.id);
  });

  it('the sign-up token is single use and short-lived; a wrong or missing one is 422 signup_invalid', async () => {
    const first = PhoneSignupStartSchema.parse((await proveNumber(freshMobile())).json().data);
    expect((await signUp(first.signup_token)).statusCode).toBe(201);
    const reuse = await signUp(first.signup_token);
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toMatchObject({ code: 'signup_invalid', errors: { signup_token: [AUTH_MESSAGES.signupInvalid] } });

    const second = PhoneSignupStartSchema.parse((await proveNumber(freshMobile())).json().data);
    await t.database.db.updateTable('phone_signups').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await signUp(second.signup_token)).json().code).toBe('signup_invalid');
    expect((await signUp('not-a-token')).json().code).toBe('signup_invalid');
    expect((await post('auth/register/phone', { name: 'No Token', date_of_birth: '1990-01-01', gender: 'male', terms_accepted: true })).statusCode).toBe(422);
  });

  it('parallel sign-ups with one token make one member', async () => {
    const mobile = freshMobile();
    const start = PhoneSignupStartSchema.parse((await proveNumber(mobile)).json().data);
    const answers = await Promise.all(Array.from({ length: 4 }, () => signUp(start.signup_token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
    expect(await t.database.db.selectFrom('users').select('id').where('phone_number', '=', mobile).execute()).toHaveLength(1);
  });

  it('checks the fields before spending the token: under 18, a taken e-mail, a common password, mismatched passwords', async () => {
    const taken = await buildUser(t.database.db);
    const start = PhoneSignupStartSchema.parse((await proveNumber(freshMobile())).json().data);
    for (const [extra, field] of [
      [{ date_of_birth: new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10) }, 'date_of_birth'],
      [{ email: taken.email!.toUpperCase() }, 'email'],
      [{ password: 'password1', password_confirmation: 'password1' }, 'password'],
      [{ password: 'long-enough-pass-1', password_confirmation: 'other-pass-2' }, 'password_confirmation'],
      [{ terms_accepted: false }, 'terms_accepted'],
    ] as const) {
      const res = await signUp(start.signup_token, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(extra)).toBeDefined();
    }
    // The token still works once the fields are right.
    expect((await signUp(start.signup_token)).statusCode).toBe(201);
  });

  it('with an e-mail and a password: the address gets its verification link and both sign in', async () => {
    const mobile = freshMobile();
    const email = `phone.first.${seq}.${Date.now()}@example.test`;
    const start = PhoneSignupStartSchema.parse((await proveNumber(mobile)).json().data);
    const res = await signUp(start.signup_token, { email, password: 'harbour-lights-22', password_confirmation: 'harbour-lights-22' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.user).toMatchObject({ email, email_verified_at: null, has_password: true });
    expect((await latestLink(t.app, email)).pathname).toBe('/auth/verify-email');
    expect((await post('auth/login', { email, password: 'harbour-lights-22' })).statusCode).toBe(200);
    expect((await post('auth/login', { mobile, password: 'harbour-lights-22' })).statusCode).toBe(200);
  });

  it('the number confirmed by the sign-up ends another account’s unconfirmed claim on it (issue 27)', async () => {
    const mobile = freshMobile();
    const claimer = await buildUnconfirmedUser(t.database.db, { pending_phone_number: mobile });
    const start = PhoneSignupStartSchema.parse((await proveNumber(mobile)).json().data);
    expect((await signUp(start.signup_token)).statusCode).toBe(201);
    expect((await t.database.db.selectFrom('users').select('pending_phone_number').where('id', '=', claimer.id).executeTakeFirstOrThrow()).pending_phone_number).toBeNull();
  });

  describe('an account without e-mail or password works everywhere', () => {
    const phoneMember = async () => {
      const mobile = freshMobile();
      const start = PhoneSignupStartSchema.parse((await proveNumber(mobile)).json().data);
      const res = await signUp(start.signup_token);
      return { mobile, id: res.json().data.user.id as string, token: res.json().data.token as string };
    };
    const call = api(() => t.app);

    it('adds a password and an e-mail address later from settings, without a current password', async () => {
      const m = await phoneMember();
      const password = await call(m.token, 'PUT', '/account/password', { password: 'new-harbour-pass-9', password_confirmation: 'new-harbour-pass-9' });
      expect(password.statusCode, password.body).toBe(200);
      expect((await post('auth/login', { mobile: m.mobile, password: 'new-harbour-pass-9' })).statusCode).toBe(200);
      // Once it has a password, a change needs it.
      const noPassword = await call(m.token, 'PUT', '/account/email', { email: 'late.address@example.test' });
      expect(noPassword.statusCode).toBe(422);
      expect(noPassword.json().errors.current_password).toBeDefined();

      const other = await phoneMember();
      const email = `late.${seq}.${Date.now()}@example.test`;
      const added = await call(other.token, 'PUT', '/account/email', { email });
      expect(added.statusCode, added.body).toBe(200);
      const token = (await latestLink(t.app, email)).searchParams.get('token');
      expect((await post('auth/email/verify', { token: token! })).json().data.user).toMatchObject({ email, pending_email: null });
    });

    it('resets (sets) a password by WhatsApp, exports its data and deletes itself', async () => {
      const m = await phoneMember();
      expect((await post('auth/forgot-password', { mobile: m.mobile })).statusCode).toBe(200);
      const link = new URL((await outboxFor(t.app, m.mobile)).find((x) => x.link?.includes('reset-password'))!.link!);
      const reset = await post('auth/reset-password', { token: link.searchParams.get('token')!, password: 'set-by-reset-44', password_confirmation: 'set-by-reset-44' });
      expect(reset.statusCode).toBe(200);
      expect((await post('auth/login', { mobile: m.mobile, password: 'set-by-reset-44' })).statusCode).toBe(200);

      const n = await phoneMember();
      const exported = await call(n.token, 'GET', '/account/export');
      expect(exported.statusCode).toBe(200);
      expect(exported.json().account).toMatchObject({ id: n.id, email: null, phone_number: n.mobile });
      const deleted = await call(n.token, 'DELETE', '/account', {});
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await t.database.db.selectFrom('users').select('id').where('id', '=', n.id).execute()).toEqual([]);
    });

    it('a member with a password still needs it to delete the account', async () => {
      const member = await buildUser(t.database.db);
      const token = await signIn(t.app, member);
      expect((await call(token, 'DELETE', '/account', {})).statusCode).toBe(422);
      expect((await call(token, 'DELETE', '/account', { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    });
  });
});
