import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, bearer, buildPhoto, buildUser } from './helpers/factories';
import { latestCode } from './helpers/outbox';

/** Issue 32 item 12: after a fresh sign-in the header shows the member's photo without a reload. */
describe('a fresh sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const withPhoto = async (name: string) => {
    const user = await buildUser(t.database.db, { name });
    await buildPhoto(t.app, user, { width: 600, height: 800 });
    return user;
  };

  it('with a WhatsApp code answers the full session user too', async () => {
    const user = await withPhoto('Thabo Avatar');
    const mobile = user.phone_number!;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobile } })).statusCode).toBe(200);
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { mobile, otp: await latestCode(t.app, mobile) } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.user.avatar_url).toMatch(/^\/media\//);
  });

  it('with a password answers the same session user as GET /auth/user: avatar and premium included', async () => {
    const user = await withPhoto('Naledi Avatar');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: FACTORY_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const { token, user: signedIn } = login.json().data as { token: string; user: Record<string, unknown> };
    expect(signedIn.avatar_url).toMatch(/^\/media\//);
    expect(signedIn.is_premium).toBe(false);
    const current = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).json().data.user;
    expect(signedIn).toEqual(current);
  });
});
