import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SessionUserSchema } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, bearer, buildUnconfirmedUser, buildUser, signIn } from './helpers/factories';
import { latestCode, latestLink, outboxFor } from './helpers/outbox';

// Issue 27: the mobile number given at registration is the account's only once the WhatsApp code
// sent to it is entered. Until then it signs nobody in, reaches no member, and blocks nobody.

let seq = 0;
const unique = () => `${Date.now().toString(36)}${seq++}`;
const freshMobile = () => `+2788${String(1_000_000 + ((Date.now() + seq++ * 7919) % 8_999_999)).padStart(7, '0')}`;
const PASSWORD = 'harbour-kettle-73';

const registration = (mobile: string) => ({
  name: 'Lerato Mokoena', email: `lerato.${unique()}@example.test`, mobile,
  password: PASSWORD, password_confirmation: PASSWORD, date_of_birth: '1995-02-20', gender: 'female', terms_accepted: true,
});

type Reply = { statusCode: number; json: () => { code?: string; message?: string; data?: unknown; errors?: Record<string, string[]> } };

describe('confirming the mobile number after registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No resend cool-down, so each step can ask for a code at once (the cool-down has its own test below).
    t = await buildTestApp({ OTP_RESEND_COOLDOWN_SECONDS: '0' });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload?: object, token?: string) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, ...(payload ? { payload } : {}), ...(token ? { headers: bearer(token) } : {}) });
  const me = async (token: string) => SessionUserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).json().data.user);
  const register = async (mobile: string) => {
    const body = registration(mobile);
    const res = await post('/auth/register', body);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as { token: string; user: { id: string } };
    return { ...body, token: data.token, id: data.user.id };
  };
  const row = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mobileUnverified = (res: Reply) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'mobile_unverified', message: AUTH_MESSAGES.mobileUnverified });
  };

  it('registers with the number unconfirmed, sends a code to it, gates the member (409 mobile_unverified) until the code is entered', async () => {
    const other = await buildUser(t.database.db);
    const member = await register(freshMobile());

    const user = await me(member.token);
    expect(user).toMatchObject({ phone_number: member.mobile, phone_verified: false });
    expect(await row(member.id)).toMatchObject({ phone_number: null, pending_phone_number: member.mobile, phone_verified_at: null });
    const [sent] = await outboxFor(t.app, member.mobile);
    expect(sent).toMatchObject({ channel: 'whatsapp', to: member.mobile });
    expect(sent!.code).toMatch(/^\d{6}$/);

    // Onboarded or not, an unconfirmed number reaches nobody: the number is asked for first.
    await t.database.db.updateTable('users').set({ profile_completed: true, onboarding_completed_at: new Date().toISOString() }).where('id', '=', member.id).execute();
    mobileUnverified(await post(`/matches/${other.id}/like`, undefined, member.token));
    mobileUnverified(await post(`/matches/${other.id}/super-like`, undefined, member.token));
    const room = await post('/chat/rooms', { user_id: member.id, name: 'Chat with you' }, await signIn(t.app, other));
    expect(room.statusCode).toBeLessThan(300);
    const roomId = (room.json().data as { id: string }).id;
    mobileUnverified(await post('/chat/messages', { chat_room_id: roomId, message: 'Hi', type: 'text' }, member.token));

    const confirmed = await post('/account/mobile/confirm', { otp: sent!.code }, member.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(AUTH_MESSAGES.mobileConfirmed);
    expect(SessionUserSchema.parse((confirmed.json().data as { user: unknown }).user)).toMatchObject({ phone_number: member.mobile, phone_verified: true });
    expect(await me(member.token)).toMatchObject({ phone_verified: true });
    expect(await row(member.id)).toMatchObject({ phone_number: member.mobile, pending_phone_number: null });
    expect((await row(member.id)).phone_verified_at).not.toBeNull();

    expect((await post(`/matches/${other.id}/like`, undefined, member.token)).statusCode).toBe(200);
    expect((await post('/chat/messages', { chat_room_id: roomId, message: 'Hi', type: 'text' }, member.token)).statusCode).toBe(201);
    // The code is used up, and the number is confirmed: nothing more to confirm.
    const again = await post('/account/mobile/confirm', { otp: sent!.code }, member.token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(AUTH_MESSAGES.mobileAlreadyConfirmed);
  });

  it('counts wrong codes (422 otp_invalid with the tries left), and after 5 even the right code is refused (429 otp_locked) until a new one is sent', async () => {
    const member = await register(freshMobile());
    const code = await latestCode(t.app, member.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/account/mobile/confirm', { otp: wrong }, member.token);
      expect(res.statusCode).toBe(i < 4 ? 422 : 429);
      expect(res.json().code).toBe(i < 4 ? 'otp_invalid' : 'otp_locked');
      if (i < 4) expect(res.json().details).toEqual({ tries_left: 4 - i });
    }
    const locked = await post('/account/mobile/confirm', { otp: code }, member.token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('otp_locked');

    const resent = await post('/account/mobile/confirm/code', undefined, member.token);
    expect(resent.statusCode).toBe(200);
    const fresh = await latestCode(t.app, member.mobile);
    expect(await outboxFor(t.app, member.mobile)).toHaveLength(2);
    expect((await post('/account/mobile/confirm', { otp: fresh }, member.token)).statusCode).toBe(200);
  });

  it("a stranger's unconfirmed claim does not block the owner: whoever confirms the number gets it, the other claim ends", async () => {
    const mobile = freshMobile();
    const stranger = await register(mobile);
    const owner = await register(mobile);
    expect(await me(owner.token)).toMatchObject({ phone_number: mobile, phone_verified: false });

    // The stranger's code (bound to the stranger) confirms nothing for the owner, nor does the owner's for the stranger.
    const ownerCode = await latestCode(t.app, mobile);
    const crossed = await post('/account/mobile/confirm', { otp: ownerCode }, stranger.token);
    expect(crossed.statusCode).toBe(422);
    expect((await post('/account/mobile/confirm', { otp: ownerCode }, owner.token)).statusCode).toBe(200);

    expect(await me(stranger.token)).toMatchObject({ phone_number: null, phone_verified: false });
    expect(await row(stranger.id)).toMatchObject({ phone_number: null, pending_phone_number: null });
    const resend = await post('/account/mobile/confirm/code', undefined, stranger.token);
    expect(resend.statusCode).toBe(422);
    expect(resend.json().message).toBe(AUTH_MESSAGES.mobileClaimedElsewhere);
    // A confirmed number is taken.
    const third = await post('/auth/register', registration(mobile));
    expect(third.statusCode).toBe(422);
    expect(third.json().errors).toMatchObject({ mobile: [AUTH_MESSAGES.mobileTaken] });

    // Sign-in codes for the number sign its confirmed owner in.
    expect((await post('/auth/request-otp', { mobile })).statusCode).toBe(200);
    const signedIn = await post('/auth/verify-otp', { mobile, otp: await latestCode(t.app, mobile) });
    expect(signedIn.statusCode).toBe(200);
    expect((signedIn.json().data as { user: { id: string } }).user.id).toBe(owner.id);
  });

  it('an unconfirmed number signs nobody in: its registration code is no sign-in code, a sign-in code only starts a phone sign-up, the password works by e-mail only', async () => {
    const member = await register(freshMobile());
    const registrationCode = await latestCode(t.app, member.mobile);
    const wrong = await post('/auth/verify-otp', { mobile: member.mobile, otp: registrationCode });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('otp_invalid');

    // Issue 32: a code goes to any number; for a number no account has confirmed it starts a sign-up, never a session.
    expect((await post('/auth/request-otp', { mobile: member.mobile })).statusCode).toBe(200);
    const signInCode = await latestCode(t.app, member.mobile);
    const verified = await post('/auth/verify-otp', { mobile: member.mobile, otp: signInCode });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).not.toHaveProperty('token');
    expect(verified.json().data).toHaveProperty('signup_token');

    expect((await post('/auth/login', { mobile: member.mobile, password: PASSWORD })).statusCode).toBe(401);
    const byEmail = await post('/auth/login', { email: member.email, password: PASSWORD });
    expect(byEmail.statusCode).toBe(200);
    expect((byEmail.json().data as { user: { phone_verified: boolean } }).user.phone_verified).toBe(false);
  });

  it('an unconfirmed member can reset the password by e-mail; a reset asked for by the number sends nothing', async () => {
    const member = await register(freshMobile());
    expect((await post('/auth/forgot-password', { mobile: member.mobile })).statusCode).toBe(200);
    expect((await outboxFor(t.app, member.mobile)).filter((m) => m.link)).toHaveLength(0);

    expect((await post('/auth/forgot-password', { email: member.email })).statusCode).toBe(200);
    const link = await latestLink(t.app, member.email);
    expect(link.searchParams.get('mobile')).toBeNull();
    const reset = await post('/auth/reset-password', {
      token: link.searchParams.get('token'), password: `${PASSWORD}-new`, password_confirmation: `${PASSWORD}-new`,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post('/auth/login', { email: member.email, password: `${PASSWORD}-new` })).statusCode).toBe(200);
  });

  it('the confirm calls need a session', async () => {
    expect((await post('/account/mobile/confirm', { otp: '123456' })).statusCode).toBe(401);
    expect((await post('/account/mobile/confirm/code')).statusCode).toBe(401);
  });

  it('a new number from account settings confirms the account too, and ends the claim waiting for its code', async () => {
    const member = await buildUnconfirmedUser(t.database.db);
    const token = await signIn(t.app, member);
    const mobile = freshMobile();
    const sent = await post('/account/mobile/code', { mobile, current_password: FACTORY_PASSWORD }, token);
    expect(sent.statusCode, sent.body).toBe(200);
    const changed = await t.app.inject({ method: 'PUT', url: '/api/account/mobile', headers: bearer(token), payload: { mobile, otp: await latestCode(t.app, mobile) } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await me(token)).toMatchObject({ phone_number: mobile, phone_verified: true });
    expect(await row(member.id)).toMatchObject({ phone_number: mobile, pending_phone_number: null });
  });
});

describe('resending the confirmation code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ OTP_RESEND_COOLDOWN_SECONDS: '60' });
  });
  afterAll(async () => t.close());

  it('waits for the cool-down after the code sent at registration (429 otp_cooldown)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(freshMobile()) });
    expect(res.statusCode).toBe(201);
    const token = (res.json().data as { token: string }).token;
    const resend = await t.app.inject({ method: 'POST', url: '/api/account/mobile/confirm/code', headers: bearer(token) });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().code).toBe('otp_cooldown');
  });
});
