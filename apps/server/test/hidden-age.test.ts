// Issue #28 item 3: a member with `show_age: false` shows no age wherever they appear to others —
// matches, People Who Like You, Profile Visitors, activity, the notifications inbox, the in-app
// card and the push. (Profiles and discover cards are tested in members.test.ts and
// discover-privacy.test.ts; age-narrowed lists leave such members out, issue 27.) The same events
// by a member who shows their age carry it, so the test cannot pass with ages dropped everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPayload } from '@linkup/contract';
import { buildTestApp, ManualClock, type TestApp } from './helpers/app';
import { type Member, api, buildMember, buildPrivacy, grantPremium } from './helpers/factories';
import { startFakePushService } from './helpers/fake-push';
import { drained, listen, openSocket, record, type ClientSocket } from './helpers/sockets';

/** Every object in `value` whose `id` is `id`, and every push data naming `id` as its actor. */
function appearances(value: unknown, id: string, where: string, found: { where: string; age: unknown }[] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => appearances(v, id, `${where}[${i}]`, found));
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.id === id) found.push({ where, age: o.age });
    // Push data: the actor's id in viewer_id / sender_id / user_id, the age in viewer_age.
    if ([o.viewer_id, o.sender_id, o.user_id].includes(id)) found.push({ where: `${where} (push data)`, age: o.viewer_age ?? null });
    for (const [key, v] of Object.entries(o)) if (v && typeof v === 'object') appearances(v, id, `${where}.${key}`, found);
  }
  return found;
}

describe('show_age: false everywhere a member appears', () => {
  let t: TestApp;
  let origin: string;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  const clock = new ManualClock(new Date());
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    push = await startFakePushService();
    t = await buildTestApp({ NOTIFICATION_JOB_INTERVAL_MS: '3600000', TEST_ONLY_LOOPBACK_PUSH_SERVICE: 'true' }, { clock });
    origin = await listen(t.app);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
    await push.close();
  });

  const call = api(() => t.app);
  const BORN = { date_of_birth: '1990-02-10' };

  /**
   * A premium member is visited and liked by one member and matches another, both showing their
   * age or both hiding it; answers where the two appear to the premium member, with the age shown.
   */
  const seenBy = async (showAge: boolean) => {
    const me = await buildMember(t.app, BORN);
    await grantPremium(t.database.db, me.user, { now: clock.now().toISOString() });
    const socket = await openSocket(origin, me.token);
    sockets.push(socket);
    const cards = record<NotificationPayload>(socket, 'notification');
    const subscription = push.subscribe();
    expect((await call(me, 'POST', '/user/fcm-token', { fcm_token: subscription, device_type: 'web', device_name: 'Chromium' })).statusCode).toBe(200);

    const [admirer, match] = [await buildMember(t.app, BORN), await buildMember(t.app, BORN)];
    if (!showAge) for (const m of [admirer, match]) await buildPrivacy(t.app, m.user, { show_age: false });
    expect((await call(admirer, 'GET', `/users/${me.user.id}`)).statusCode).toBe(200);
    expect((await call(admirer, 'POST', `/matches/${me.user.id}/like`)).statusCode).toBe(200);
    expect((await call(me, 'POST', `/matches/${match.user.id}/like`)).statusCode).toBe(200);
    expect((await call(match, 'POST', `/matches/${me.user.id}/like`)).json().data.matched).toBe(true);
    await t.app.services.notifications.settled();
    await drained(t.app, socket);

    const surfaces: Record<string, unknown> = {
      matches: (await call(me, 'GET', '/matches')).json().data,
      likes: (await call(me, 'GET', '/matches/likes')).json().data,
      visitors: (await call(me, 'GET', '/visitors')).json().data,
      activity: (await call(me, 'GET', '/activity')).json().data,
      inbox: (await call(me, 'GET', '/feed/notifications')).json().data,
      cards,
      pushes: push.received.filter((r) => r.path === push.pathOf(subscription)).map((r) => r.payload.data),
    };
    const where = (m: Member) => Object.entries(surfaces).flatMap(([name, value]) => appearances(value, m.user.id, name));
    return { admirer: where(admirer), match: where(match) };
  };

  it('shows no age for a member who hides it, in every list, notification, card and push; the age of one who shows it', async () => {
    const surfacesOf = (found: { where: string }[]) => [...new Set(found.map((f) => f.where.split(/[.[ ]/)[0]))].sort();
    const shown = await seenBy(true);
    const hidden = await seenBy(false);
    // Both appear in the same places: the admirer in likes, visitors, activity and the view and
    // like notifications; the match in matches, activity and the match notification.
    const everywhere = ['activity', 'cards', 'inbox', 'pushes'];
    expect(surfacesOf(hidden.admirer)).toEqual([...everywhere, 'likes', 'visitors'].sort());
    expect(surfacesOf(hidden.match)).toEqual([...everywhere, 'matches'].sort());
    expect(surfacesOf(shown.admirer)).toEqual(surfacesOf(hidden.admirer));
    expect(surfacesOf(shown.match)).toEqual(surfacesOf(hidden.match));

    for (const found of [shown.admirer, shown.match]) {
      for (const f of found) expect(f.age, f.where).toBeGreaterThanOrEqual(18);
    }
    for (const found of [hidden.admirer, hidden.match]) {
      for (const f of found) expect(f.age, f.where).toBeNull();
    }
  });
});
