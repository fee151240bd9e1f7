import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema, SessionUserSchema, type AccountExport } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, type Member, api, buildBlock, buildMember, buildPhoto, buildPreferences, signIn } from './helpers/factories';
import { latestCode, latestLink, outboxFor } from './helpers/outbox';
import type { Database } from '../src/db/schema';
import { processPhoto } from '../src/adapters/storage/images';
import { photoVariantKey, storePhoto } from '../src/adapters/storage/photos';
import { hashToken } from '../src/modules/auth/tokens';
import { newId } from '../src/lib/ids';
import { nowIso } from '../src/lib/time';
import { EXPORTS_PER_HOUR } from '../src/modules/account/account.routes';
import { AccountRepository } from '../src/modules/account/account.repository';
import { ChatRepository } from '../src/modules/chat/chat.repository';
import { HelpRepository } from '../src/modules/help/help.repository';
import type { MemberEraser } from '../src/modules/shared/member-erasure';
import { systemClock } from '../src/lib/clock';

let seq = 0;
const freshMobile = () => `+2787${String(1_000_000 + ((Date.now() + seq++ * 104_729) % 8_999_999)).padStart(7, '0')}`;
const NEW_PASSWORD = 'violet-harbour-lantern-77';

describe('account API', () => {
  let t: TestApp;
  const call = api(() => t.app);
  const login = (identifier: { email?: string; mobile?: string }, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...identifier, password } });
  const me = async (token: string) => (await call(token, 'GET', '/auth/user')).statusCode;
  const userRow = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    t = await buildTestApp({ OTP_RESEND_COOLDOWN_SECONDS: '60' });
  });
  afterAll(async () => t.close());

  it('requires authentication on every endpoint', async () => {
    for (const [method, url] of [
      ['PUT', '/account/email'], ['POST', '/account/mobile/code'], ['PUT', '/account/mobile'], ['PUT', '/account/password'],
      ['POST', '/account/logout-others'], ['GET', '/account/export'], ['DELETE', '/account'],
    ] as const) {
      const res = await call(null, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('PUT /account/email', () => {
    it('sends the new address a link; the change takes effect only when it is opened, the old address working until then (issue 32 item 10)', async () => {
      const m = await buildMember(t.app);
      const email = `New.Address.${newId().slice(0, 6)}@Example.TEST`.toLowerCase();
      const res = await call(m, 'PUT', '/account/email', { email: `  ${email.toUpperCase()} `, current_password: FACTORY_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/verification link/);
      const user = SessionUserSchema.parse(res.json().data.user);
      expect(user).toMatchObject({ id: m.user.id, email: m.user.email, pending_email: email });
      expect(await userRow(m.user.id)).toMatchObject({ email: m.user.email, pending_email: email, email_verified_at: m.user.email_verified_at });
      // Until the link is opened the old address signs in, the new one does not.
      expect((await login({ email: m.user.email! }, FACTORY_PASSWORD)).statusCode).toBe(200);
      expect((await login({ email }, FACTORY_PASSWORD)).statusCode).toBe(401);

      // The verification e-mail is registration's: its link verifies the new address and makes it the account's.
      const link = await latestLink(t.app, email);
      expect(link.pathname).toBe('/auth/verify-email');
      const verified = await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: link.searchParams.get('token') } });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().data.user).toMatchObject({ email, pending_email: null });
      expect(await userRow(m.user.id)).toMatchObject({ email, pending_email: null });
      expect((await userRow(m.user.id))!.email_verified_at).not.toBeNull();

      // The new address signs in; the old one no longer does.
      expect((await login({ email }, FACTORY_PASSWORD)).statusCode).toBe(200);
      expect((await login({ email: m.user.email! }, FACTORY_PASSWORD)).statusCode).toBe(401);
    });

    it('refuses a wrong current password, an address another member has, its own address and bad input (422)', async () => {
      const [m, other] = [await buildMember(t.app), await buildMember(t.app)];
      const wrong = await call(m, 'PUT', '/account/email', { email: 'fresh.one@example.test', current_password: 'not-my-password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_password).toEqual(['The password is incorrect.']);

      const taken = await call(m, 'PUT', '/account/email', { email: other.user.email!.toUpperCase(), current_password: FACTORY_PASSWORD });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors.email).toEqual(['The email has already been taken.']);

      const same = await call(m, 'PUT', '/account/email', { email: m.user.email, current_password: FACTORY_PASSWORD });
      expect(same.statusCode).toBe(422);
      expect(same.json().errors.email).toBeDefined();

      for (const [body, field] of [
        [{ email: 'not-an-address', current_password: FACTORY_PASSWORD }, 'email'],
        [{ email: 'fine@example.test' }, 'current_password'],
        [{ current_password: FACTORY_PASSWORD }, 'email'],
      ] as const) {
        const res = await call(m, 'PUT', '/account/email', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().errors[field]).toBeDefined();
      }
      expect(await userRow(m.user.id)).toMatchObject({ email: m.user.email });
      expect(await outboxFor(t.app, 'fresh.one@example.test')).toHaveLength(0);
    });
  });

  describe('the old address and number are told of every change (issue #12 item 5)', () => {
    const noticeOf = async (to: string, what: string) => {
      const notices = (await outboxFor(t.app, to)).filter((x) => x.body.includes(`the ${what} of your LinkUp account was just changed`));
      expect(notices, `${what} notice to ${to}`).toHaveLength(1);
      // "This wasn't me" reaches support, with a subject saying what happened.
      expect(notices[0]!.link).toMatch(/^mailto:support@linkup\.app\?subject=This%20wasn't%20me/);
    };

    it('a new e-mail address, once verified: the old address and the number', async () => {
      const m = await buildMember(t.app);
      const email = `moved.${newId().slice(0, 6).toLowerCase()}@example.test`;
      expect((await call(m, 'PUT', '/account/email', { email, current_password: FACTORY_PASSWORD })).statusCode).toBe(200);
      expect((await outboxFor(t.app, m.user.email!)).filter((x) => x.body.includes('was just changed'))).toHaveLength(0);
      const token = (await latestLink(t.app, email)).searchParams.get('token');
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token } })).statusCode).toBe(200);
      await noticeOf(m.user.email!, 'e-mail address');
      await noticeOf(m.user.phone_number!, 'e-mail address');
      expect((await outboxFor(t.app, email)).filter((x) => x.body.includes('was just changed'))).toHaveLength(0);
    });

    it('a new mobile number: the old number and the address', async () => {
      const m = await buildMember(t.app);
      const mobile = freshMobile();
      await call(m, 'POST', '/account/mobile/code', { mobile, current_password: FACTORY_PASSWORD });
      expect((await call(m, 'PUT', '/account/mobile', { mobile, otp: await latestCode(t.app, mobile) })).statusCode).toBe(200);
      await noticeOf(m.user.phone_number!, 'mobile number');
      await noticeOf(m.user.email!, 'mobile number');
    });

    it('a new password, changed or reset: the address and the number', async () => {
      const changed = await buildMember(t.app);
      const body = { current_password: FACTORY_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
      expect((await call(changed, 'PUT', '/account/password', body)).statusCode).toBe(200);
      await noticeOf(changed.user.email!, 'password');
      await noticeOf(changed.user.phone_number!, 'password');

      const reset = await buildMember(t.app);
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: reset.user.email } });
      const link = await latestLink(t.app, reset.user.email!);
      const res = await t.app.inject({
        method: 'POST', url: '/api/auth/reset-password',
        payload: { token: link.searchParams.get('token'), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      await noticeOf(reset.user.email!, 'password');
      await noticeOf(reset.user.phone_number!, 'password');
    });
  });

  describe('changing the mobile number', () => {
    it('needs the current password: a stolen session alone sends no code and moves nothing (issue #12 item 5)', async () => {
      const m = await buildMember(t.app);
      const mobile = freshMobile();
      const without = await call(m, 'POST', '/account/mobile/code', { mobile });
      expect(without.statusCode).toBe(422);
      expect(without.json().errors.current_password).toBeDefined();
      const wrong = await call(m, 'POST', '/account/mobile/code', { mobile, current_password: 'a-guess-123' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_password).toEqual(['The password is incorrect.']);
      expect(await outboxFor(t.app, mobile)).toHaveLength(0);
      expect((await call(m, 'PUT', '/account/mobile', { mobile, otp: '123456' })).statusCode).toBe(422);
      expect(await userRow(m.user.id)).toMatchObject({ phone_number: m.user.phone_number });
    });

    it('sends a WhatsApp code to the new number, then moves the account to it', async () => {
      const m = await buildMember(t.app);
      const mobile = freshMobile();
      const sent = await call(m, 'POST', '/account/mobile/code', { mobile: `0${mobile.slice(3)}`, current_password: FACTORY_PASSWORD });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data).toMatchObject({ mobile });
      expect(sent.json().message).toBe('We sent a code to your new number on WhatsApp.');
      const code = await latestCode(t.app, mobile);

      const wrong = await call(m, 'PUT', '/account/mobile', { mobile, otp: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.otp).toEqual(["That code isn't right — 4 tries left"]);

      const res = await call(m, 'PUT', '/account/mobile', { mobile, otp: code });
      expect(res.statusCode).toBe(200);
      expect(SessionUserSchema.parse(res.json().data.user).phone_number).toBe(mobile);
      const row = await userRow(m.user.id);
      expect(row).toMatchObject({ phone_number: mobile });
      expect(row!.phone_verified_at).not.toBeNull();

      // The code is used up; the new number signs in, the old one does not.
      expect((await call(m, 'PUT', '/account/mobile', { mobile, otp: code })).statusCode).toBe(422);
      expect((await login({ mobile }, FACTORY_PASSWORD)).statusCode).toBe(200);
      expect((await login({ mobile: m.user.phone_number! }, FACTORY_PASSWORD)).statusCode).toBe(401);
    });

    it('binds the code to the member who asked: it signs nobody in and moves no one else', async () => {
      const [m, other] = [await buildMember(t.app), await buildMember(t.app)];
      const mobile = freshMobile();
      await call(m, 'POST', '/account/mobile/code', { mobile, current_password: FACTORY_PASSWORD });
      const code = await latestCode(t.app, mobile);
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { mobile, otp: code } });
      expect(signIn.statusCode).toBe(422);
      const stolen = await call(other, 'PUT', '/account/mobile', { mobile, otp: code });
      expect(stolen.statusCode).toBe(422);
      expect((await call(m, 'PUT', '/account/mobile', { mobile, otp: code })).statusCode).toBe(200);
    });

    it('refuses a number another member has, its own number and a bad number (422), and keeps the cool-down (429)', async () => {
      const [m, other] = [await buildMember(t.app), await buildMember(t.app)];
      for (const [mobile, field] of [[other.user.phone_number, 'mobile'], [m.user.phone_number, 'mobile'], ['12', 'mobile'], ['+999123', 'mobile']] as const) {
        const res = await call(m, 'POST', '/account/mobile/code', { mobile, current_password: FACTORY_PASSWORD });
        expect(res.statusCode, String(mobile)).toBe(422);
        expect(res.json().errors[field]).toBeDefined();
      }
      expect((await outboxFor(t.app, other.user.phone_number!)).filter((x) => x.code)).toHaveLength(0);
      const taken = await call(m, 'PUT', '/account/mobile', { mobile: other.user.phone_number, otp: '123456' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors.mobile).toEqual(['The mobile number has already been taken.']);
      expect((await call(m, 'PUT', '/account/mobile', { mobile: freshMobile(), otp: '12ab' })).json().errors.otp).toBeDefined();

      const mobile = freshMobile();
      expect((await call(m, 'POST', '/account/mobile/code', { mobile, current_password: FACTORY_PASSWORD })).statusCode).toBe(200);
      const again = await call(m, 'POST', '/account/mobile/code', { mobile, current_password: FACTORY_PASSWORD });
      expect(again.statusCode).toBe(429);
      expect(await outboxFor(t.app, mobile)).toHaveLength(1);
    });

    it('locks the code after too many wrong tries', async () => {
      const m = await buildMember(t.app);
      const mobile = freshMobile();
      await call(m, 'POST', '/account/mobile/code', { mobile, current_password: FACTORY_PASSWORD });
      const code = await latestCode(t.app, mobile);
      const wrongCode = code === '999999' ? '888888' : '999999';
      // Four wrong tries say how many are left; the fifth locks the code (issue 32).
      for (let i = 0; i < 4; i++) expect((await call(m, 'PUT', '/account/mobile', { mobile, otp: wrongCode })).statusCode).toBe(422);
      expect((await call(m, 'PUT', '/account/mobile', { mobile, otp: wrongCode })).json().code).toBe('otp_locked');
      expect((await call(m, 'PUT', '/account/mobile', { mobile, otp: code })).statusCode).toBe(429);
      expect(await userRow(m.user.id)).toMatchObject({ phone_number: m.user.phone_number });
    });
  });

  describe('PUT /account/password', () => {
    it('changes the password, keeps this session and ends every other one', async () => {
      const m = await buildMember(t.app);
      const otherDevice = await signIn(t.app, m.user);
      const res = await call(m, 'PUT', '/account/password', { current_password: FACTORY_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: { revoked: 1 }, message: 'Your password has been changed. Your other devices have been signed out.' });
      expect(await me(m.token)).toBe(200);
      expect(await me(otherDevice)).toBe(401);
      expect((await login({ email: m.user.email! }, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login({ email: m.user.email! }, FACTORY_PASSWORD)).statusCode).toBe(401);
    });

    it.each([
      [{ current_password: 'wrong-password-1', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, 'current_password'],
      [{ current_password: FACTORY_PASSWORD, password: 'password1', password_confirmation: 'password1' }, 'password'],
      [{ current_password: FACTORY_PASSWORD, password: 'short', password_confirmation: 'short' }, 'password'],
      [{ current_password: FACTORY_PASSWORD, password: NEW_PASSWORD, password_confirmation: 'something-else-1' }, 'password_confirmation'],
      [{ current_password: FACTORY_PASSWORD, password: FACTORY_PASSWORD, password_confirmation: FACTORY_PASSWORD }, 'password'],
      [{ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, 'current_password'],
    ])('refuses %j with 422 on %s and changes nothing', async (body, field) => {
      const m = await buildMember(t.app);
      const otherDevice = await signIn(t.app, m.user);
      const res = await call(m, 'PUT', '/account/password', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toBeDefined();
      expect(await me(otherDevice)).toBe(200);
      expect((await login({ email: m.user.email! }, FACTORY_PASSWORD)).statusCode).toBe(200);
    });
  });

  it('POST /account/logout-others ends every other session of the member and says how many', async () => {
    const [m, other] = [await buildMember(t.app), await buildMember(t.app)];
    const devices = [await signIn(t.app, m.user), await signIn(t.app, m.user)];
    const res = await call(m, 'POST', '/account/logout-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { revoked: 2 }, message: 'You have been signed out of all other devices.' });
    expect(await me(m.token)).toBe(200);
    for (const token of devices) expect(await me(token)).toBe(401);
    expect(await me(other.token)).toBe(200);
    expect((await call(m, 'POST', '/account/logout-others')).json().data.revoked).toBe(0);
  });

  describe('GET /account/export', () => {
    it('downloads everything about the member as a JSON attachment, without secrets or other members’ contact details', async () => {
      const m = await buildMember(t.app, { about: 'Sunsets and hiking', city: 'Durban', province: 'KwaZulu-Natal' });
      const friend = await buildMember(t.app, { name: 'Friendly Fiona', date_of_birth: '1988-11-23' });
      await seedActivity(m, friend);

      const res = await call(m, 'GET', '/account/export');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="linkup-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      const data: AccountExport = AccountExportSchema.parse(res.json());
      expect(data.account).toMatchObject({ id: m.user.id, email: m.user.email, phone_number: m.user.phone_number, name: m.user.name });
      expect(data.profile).toMatchObject({ about: 'Sunsets and hiking', city: 'Durban', date_of_birth: m.user.date_of_birth });
      expect(data.photos).toHaveLength(1);
      expect(data.photos[0]!.url).toMatch(/^\/media\/photos\//);
      expect(data.interests).toEqual(['Coffee', 'Hiking']);
      expect(data.preferences).toMatchObject({ age_min: 25, age_max: 40, genders: ['male'] });
      expect(data.settings.privacy.show_age).toBe(false);
      expect(data.blocks).toEqual([expect.objectContaining({ member_id: friend.user.id, name: 'Friendly Fiona' })]);
      expect(data.reports).toEqual([expect.objectContaining({ reason: 'scam_or_spam', details: 'Asked me for money' })]);
      expect(data.profile_visits).toEqual([expect.objectContaining({ member_id: friend.user.id })]);
      expect(data.swipes).toEqual([expect.objectContaining({ member_id: friend.user.id, action: 'like' })]);
      expect(data.matches).toEqual([expect.objectContaining({ member_id: friend.user.id, name: 'Friendly Fiona' })]);
      expect(data.support_messages).toEqual([expect.objectContaining({ subject: 'Help with photos' })]);
      expect(data.chat_rooms).toHaveLength(1);
      expect(data.chat_rooms[0]!.messages.map((x) => [x.mine, x.author_name, x.message])).toEqual([
        [true, m.user.name, 'Hello Fiona!'], [false, 'Friendly Fiona', 'Hi there, nice to meet you'],
      ]);
      expect(data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(data.sessions.filter((s) => s.current)).toHaveLength(1);
      expect(data.sessions[0]).toMatchObject({ user_agent: 'vitest' });
      expect(data.auth_events.map((e) => e.kind)).toContain('login_failed');

      const text = res.body;
      const sessionHashes = await t.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', m.user.id).execute();
      for (const secret of [m.user.password_hash!, m.token, hashToken(m.token), ...sessionHashes.map((s) => s.token_hash)]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/password_hash|token_hash|code_hash|argon2/);
      expect(text).not.toContain(friend.user.email!);
      expect(text).not.toContain(friend.user.phone_number!);
      expect(text).not.toContain(friend.user.date_of_birth!);
    });

    it('is limited to a few downloads an hour per member (429)', async () => {
      const [m, other] = [await buildMember(t.app), await buildMember(t.app)];
      const secondDevice = await signIn(t.app, m.user);
      for (let i = 0; i < EXPORTS_PER_HOUR - 1; i++) expect((await call(m, 'GET', '/account/export')).statusCode).toBe(200);
      expect((await call(secondDevice, 'GET', '/account/export')).statusCode).toBe(200);
      expect((await call(m, 'GET', '/account/export')).statusCode).toBe(429);
      expect((await call(secondDevice, 'GET', '/account/export')).statusCode).toBe(429);
      expect((await call(other, 'GET', '/account/export')).statusCode).toBe(200);
    });
  });

  describe('DELETE /account', () => {
    it('refuses a wrong or missing password (422) and keeps everything', async () => {
      const m = await buildMember(t.app);
      const wrong = await call(m, 'DELETE', '/account', { password: 'not-my-password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.password).toEqual(['The password is incorrect.']);
      expect((await call(m, 'DELETE', '/account', {})).statusCode).toBe(422);
      expect(await userRow(m.user.id)).toBeDefined();
      expect(await me(m.token)).toBe(200);
    });

    it('deletes the member, their photos and every row about them; the token stops working and sign-in fails', async () => {
      const m = await buildMember(t.app);
      const friend = await buildMember(t.app, { name: 'Friendly Fiona' });
      const { photoKey, roomId } = await seedActivity(m, friend);
      const otherDevice = await signIn(t.app, m.user);
      // An open code and a failed sign-in leave rows keyed by number and address.
      await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobile: m.user.phone_number } });
      await login({ email: m.user.email! }, 'a-wrong-password');
      // Something the friend did stays theirs.
      await t.database.db.insertInto('support_messages').values({
        id: newId(), user_id: friend.user.id, email: friend.user.email, subject: 'Friend question', message: 'Not about the deleted member', created_at: nowIso(),
      }).execute();

      const res = await call(m, 'DELETE', '/account', { password: FACTORY_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: null, message: 'Your account and all your data have been deleted.' });

      expect(await me(m.token)).toBe(401);
      expect(await me(otherDevice)).toBe(401);
      for (const size of ['large', 'medium', 'thumb'] as const) {
        expect(await t.app.deps.storage.get(photoVariantKey(photoKey, size))).toBeNull();
      }

      // Nothing in any table names the member (the dev outbox is development-only tooling).
      const traces = [m.user.id, m.user.email!, m.user.phone_number!];
      const tables = (await t.database.db.introspection.getTables()).map((x) => x.name)
        .filter((name) => !name.startsWith('kysely_') && name !== 'dev_outbox');
      expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'chat_messages', 'auth_events', 'otp_codes', 'support_messages']));
      // Issue 29: the safety evidence keeps their id (the members they had contact with may still
      // report them; moderation reads it), never their contact details.
      const evidence = ['departed_contacts', 'report_evidence'];
      for (const table of tables) {
        const rows = await t.database.db.selectFrom(table as keyof Database).selectAll().execute();
        const dump = JSON.stringify(rows);
        for (const trace of evidence.includes(table) ? traces.slice(1) : traces) expect(dump.includes(trace), `${table} still mentions ${trace}`).toBe(false);
      }
      // Signing in fails (checked after the scan: a failed attempt is itself recorded).
      expect((await login({ email: m.user.email! }, FACTORY_PASSWORD)).statusCode).toBe(401);
      expect((await login({ mobile: m.user.phone_number! }, FACTORY_PASSWORD)).statusCode).toBe(401);

      // The report they filed stays for moderation, without their name on it.
      const reports = await t.database.db.selectFrom('user_reports').selectAll().where('reported_id', '=', friend.user.id).execute();
      expect(reports).toEqual([expect.objectContaining({ reporter_id: null, reason: 'scam_or_spam' })]);

      // The one-to-one room went with them; the friend keeps their account and their own data.
      const rooms = await call(friend, 'GET', '/chat/rooms');
      expect(rooms.json().data.items.map((r: { id: string }) => r.id)).not.toContain(roomId);
      // Opened by id (say, a chat left open), it shows that the conversation ended (issue 29).
      expect((await call(friend, 'GET', `/chat/rooms/${roomId}`)).json().data).toMatchObject({ id: roomId, ended: true, member_id: m.user.id });
      expect(await me(friend.token)).toBe(200);
      expect(await t.database.db.selectFrom('support_messages').select('id').where('user_id', '=', friend.user.id).execute()).toHaveLength(1);

      // Their e-mail address and number are free again.
      const again = await t.app.inject({
        method: 'POST', url: '/api/auth/register', payload: {
          name: 'Back Again', email: m.user.email, mobile: m.user.phone_number, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD,
          date_of_birth: '1995-06-15', gender: 'female', terms_accepted: true,
        },
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().data.user.id).not.toBe(m.user.id);
    });
  });

  it('deletes in one transaction: when one module\'s part fails, the parts before it are undone (issue 28 item 11)', async () => {
    const m = await buildMember(t.app);
    const friend = await buildMember(t.app, { name: 'Steady Sipho' });
    const { roomId } = await seedActivity(m, friend);
    const db = t.database.db;
    // The owners' own parts, in the deletion's transaction, then one that fails.
    const parts: MemberEraser[] = [
      (trx, member) => new ChatRepository(db, systemClock).deleteForMember(trx, member),
      (trx, member) => new HelpRepository(db).deleteForMember(trx, member),
      () => Promise.reject(new Error('a part failed')),
    ];
    const member = { id: m.user.id, email: m.user.email, phone_number: m.user.phone_number };
    await expect(new AccountRepository(db).deleteAccount(member, parts, nowIso())).rejects.toThrow('a part failed');
    expect(await db.selectFrom('chat_rooms').select('id').where('id', '=', roomId).execute()).toHaveLength(1);
    expect(await db.selectFrom('chat_messages').select('id').where('user_id', '=', m.user.id).execute()).toHaveLength(1);
    expect(await db.selectFrom('support_messages').select('id').where('user_id', '=', m.user.id).execute()).toHaveLength(1);
    expect(await db.selectFrom('departed_contacts').select('member_id').where('departed_id', '=', m.user.id).execute()).toEqual([]);
    expect(await me(m.token)).toBe(200);
  });

  /**
   * Gives `m` something in every table: a photo (stored files), interests, preferences, settings,
   * a block, a report, a visit, a like and a match, a chat with messages both ways, a support
   * message and a failed sign-in.
   */
  async function seedActivity(m: Member, friend: Member): Promise<{ photoKey: string; roomId: string }> {
    const db = t.database.db;
    const now = nowIso();
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c04080' } }).jpeg().toBuffer();
    const stored = await storePhoto(t.app.deps.storage, await processPhoto(image));
    await buildPhoto(t.app, m.user, { storage_key: stored.storageKey, width: stored.width, height: stored.height });
    await t.app.services.profile.setInterests(m.user.id, ['Hiking', 'Coffee']);
    await buildPreferences(t.app, m.user, { genders: ['male'], age_min: 25, age_max: 40, max_distance_km: 50, strict_fields: [] });
    expect((await call(m, 'PUT', '/settings', { privacy: { show_age: false } })).statusCode).toBe(200);
    await db.insertInto('user_reports').values({
      id: newId(), reporter_id: m.user.id, reported_id: friend.user.id, reason: 'scam_or_spam', details: 'Asked me for money', created_at: now,
    }).execute();
    await db.insertInto('profile_visits').values({ id: newId(), viewer_id: m.user.id, viewed_id: friend.user.id, visit_date: now.slice(0, 10), created_at: now }).execute();
    await db.insertInto('profile_visits').values({ id: newId(), viewer_id: friend.user.id, viewed_id: m.user.id, visit_date: now.slice(0, 10), created_at: now }).execute();
    await db.insertInto('swipes').values({ actor_id: m.user.id, target_id: friend.user.id, action: 'like', created_at: now }).execute();
    await db.insertInto('swipes').values({ actor_id: friend.user.id, target_id: m.user.id, action: 'like', created_at: now }).execute();

    const room = await call(m, 'POST', '/chat/rooms', { user_id: friend.user.id, name: 'Chat with Friendly Fiona' });
    expect(room.statusCode).toBe(201);
    const roomId = room.json().data.id as string;
    await db.insertInto('matches').values({
      id: newId(), pair_key: [m.user.id, friend.user.id].sort().join(':'), user_a: m.user.id, user_b: friend.user.id, kind: 'like', chat_room_id: roomId,
      created_at: now, unmatched_at: null, unmatched_by: null,
    }).execute();
    expect((await call(m, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hello Fiona!', type: 'text' })).statusCode).toBe(201);
    // No sleep before the answer: the chat stamps messages in order from its clock (orderedIsoNow).
    expect((await call(friend, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hi there, nice to meet you', type: 'text' })).statusCode).toBe(201);
    // Blocked last: a block closes the chat.
    await buildBlock(t.app, m.user, friend.user);
    expect((await call(m, 'POST', '/help/contact', { subject: 'Help with photos', message: 'How do I change my main photo?' })).statusCode).toBe(201);
    await login({ email: m.user.email! }, 'a-wrong-password');
    return { photoKey: stored.storageKey, roomId };
  }
});
