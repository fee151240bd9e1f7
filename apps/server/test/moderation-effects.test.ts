import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { api, buildMember, buildModerator, signIn } from './helpers/factories';
import { closedByServer, liveTestApp } from './helpers/sockets';

/** Issue 30: what a suspension does at once — sockets closed, the member gone from search. */
describe('a suspension takes effect at once', () => {
  const live = liveTestApp();
  const call = api(() => live.t.app);

  it('closes every socket of the suspended member and hides them from search', async () => {
    const moderator = await buildModerator(live.t.database.db);
    const modToken = await signIn(live.t.app, moderator);
    const subject = await live.member('Zebulon Suspended');
    const laptop = await live.openSocket(await signIn(live.t.app, subject.user));
    const searcher = await live.member('Sam Searcher');
    const found = async () => (await call(searcher.token, 'GET', '/chat/users/search?search=Zebulon')).json().data.items.length as number;
    expect(await found()).toBe(1);

    const res = await call(modToken, 'POST', `/moderation/members/${subject.user.id}/actions`, {
      action: 'suspend', days: 3, reason_code: 'harassment', statement: 'Harassing messages.',
    });
    expect(res.statusCode).toBe(200);
    await Promise.all([closedByServer(subject.socket), closedByServer(laptop)]);
    expect((await call(subject.token, 'GET', '/auth/user')).statusCode).toBe(401);
    expect(await found()).toBe(0);
    // Signing in again gives a restricted session: no socket, 423 on everything but the standing.
    const again = await signIn(live.t.app, subject.user);
    await expect(live.openSocket(again)).rejects.toMatchObject({ data: { status: 423, code: 'account_suspended' } });
    expect((await call(again, 'GET', '/matches')).json().code).toBe('account_suspended');
    expect((await call(again, 'GET', '/account/standing')).json().data.status).toBe('suspended');
  });
});

/** Issue 30 with issue 28's clock: a suspension ends when the product's clock passes its end. */
describe('a suspension ends on the clock', () => {
  const clock = new ManualClock(new Date('2026-06-01T12:00:00.000Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(() => t.close());

  it('hides the suspended member from search until its end, then shows them again', async () => {
    const call = api(t.app);
    const moderator = await buildModerator(t.database.db);
    const modToken = await signIn(t.app, moderator);
    const subject = await buildMember(t.app, { name: 'Yusuf Returning' });
    const searcher = await buildMember(t.app, { name: 'Sipho Searcher' });
    const found = async () => (await call(searcher, 'GET', '/chat/users/search?search=Yusuf')).json().data.items.length as number;
    expect(await found()).toBe(1);
    const res = await call(modToken, 'POST', `/moderation/members/${subject.user.id}/actions`, {
      action: 'suspend', days: 3, reason_code: 'harassment', statement: 'Harassing messages.',
    });
    expect(res.statusCode).toBe(200);
    expect(await found()).toBe(0);
    clock.set('2026-06-04T11:59:00.000Z');
    expect(await found()).toBe(0);
    clock.set('2026-06-04T12:01:00.000Z');
    expect(await found()).toBe(1);
  });
});
