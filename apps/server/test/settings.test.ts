import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_SETTING_TYPES, SettingsSchema } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { api, buildMember } from './helpers/factories';
import { DEFAULT_PRIVACY } from '../src/modules/shared/privacy';
import { PrivacyRepository } from '../src/modules/shared/privacy.repository';
import { parseNotificationSettings } from '../src/modules/shared/notification-settings';
import { NotificationSettingsRepository } from '../src/modules/shared/notification-settings.repository';

describe('settings API', () => {
  let t: TestApp;
  const call = api(() => t.app);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    expect((await call(null, 'GET', '/settings')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/settings', { privacy: { show_age: false } })).statusCode).toBe(401);
  });

  it('answers the defaults for a member who never saved settings (no row is written)', async () => {
    const m = await buildMember(t.app);
    const res = await call(m, 'GET', '/settings');
    expect(res.statusCode).toBe(200);
    const settings = SettingsSchema.parse(res.json().data);
    expect(settings.privacy).toEqual(DEFAULT_PRIVACY);
    expect(settings.notifications).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(Object.keys(settings.notifications)).toEqual([...NOTIFICATION_SETTING_TYPES]);
    const rows = await t.database.db.selectFrom('user_settings').selectAll().where('user_id', '=', m.user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('changes only what the body names, creates the row once and keeps it per member', async () => {
    const [m, other] = [await buildMember(t.app), await buildMember(t.app)];
    const first = await call(m, 'PUT', '/settings', { privacy: { show_age: false, message_policy: 'matches' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Your settings have been saved.');
    expect(first.json().data.privacy).toEqual({ ...DEFAULT_PRIVACY, show_age: false, message_policy: 'matches' });

    const second = await call(m, 'PUT', '/settings', { notifications: { like: { push: false }, message: { in_app: false, push: false } } });
    expect(second.statusCode).toBe(200);
    const saved = SettingsSchema.parse(second.json().data);
    expect(saved.privacy).toEqual({ ...DEFAULT_PRIVACY, show_age: false, message_policy: 'matches' });
    expect(saved.notifications.like).toEqual({ push: false, in_app: true });
    expect(saved.notifications.message).toEqual({ push: false, in_app: false });
    expect(saved.notifications.match).toEqual({ push: true, in_app: true });
    // Issue 32: likes on my post have their own switch.
    const postLikes = await call(m, 'PUT', '/settings', { notifications: { post_like: { push: false } } });
    expect(SettingsSchema.parse(postLikes.json().data).notifications.post_like).toEqual({ push: false, in_app: true });

    const third = await call(m, 'PUT', '/settings', { privacy: { hide_from_discover: true, show_online: false, show_distance: false } });
    expect(third.json().data.privacy).toEqual({ show_age: false, show_distance: false, show_online: false, message_policy: 'matches', hide_from_discover: true });
    expect(third.json().data.notifications.like).toEqual({ push: false, in_app: true });

    expect((await call(m, 'GET', '/settings')).json().data).toEqual(third.json().data);
    expect((await call(other, 'GET', '/settings')).json().data.privacy).toEqual(DEFAULT_PRIVACY);
    const rows = await t.database.db.selectFrom('user_settings').select('user_id').where('user_id', '=', m.user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('accepts an empty change and answers the current settings', async () => {
    const m = await buildMember(t.app);
    const res = await call(m, 'PUT', '/settings', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.privacy).toEqual(DEFAULT_PRIVACY);
  });

  it.each([
    [{ privacy: { show_age: 'yes' } }, 'privacy.show_age'],
    [{ privacy: { message_policy: 'nobody' } }, 'privacy.message_policy'],
    [{ privacy: { unknown_switch: true } }, 'privacy'],
    [{ notifications: { reminder: { push: false } } }, 'notifications'],
    [{ notifications: { like: { push: 'off' } } }, 'notifications.like.push'],
    [{ notifications: { like: { email: false } } }, 'notifications.like'],
    [{ theme: 'dark' }, ''],
  ])('refuses %j with 422', async (body, field) => {
    const m = await buildMember(t.app);
    const res = await call(m, 'PUT', '/settings', body);
    expect(res.statusCode).toBe(422);
    const fields = Object.keys(res.json().errors ?? {});
    expect(fields.length).toBeGreaterThan(0);
    if (field) expect(fields.some((f) => f.startsWith(field))).toBe(true);
    expect((await call(m, 'GET', '/settings')).json().data.privacy).toEqual(DEFAULT_PRIVACY);
  });

  it('is what the shared privacy and notification reads give the other modules', async () => {
    const [m, untouched] = [await buildMember(t.app), await buildMember(t.app)];
    await call(m, 'PUT', '/settings', { privacy: { show_online: false }, notifications: { profile_view: { push: false } } });
    const privacy = await new PrivacyRepository(t.database.db).of([m.user.id, untouched.user.id]);
    expect(privacy.get(m.user.id)).toEqual({ ...DEFAULT_PRIVACY, show_online: false });
    expect(privacy.get(untouched.user.id)).toEqual(DEFAULT_PRIVACY);
    const switches = new NotificationSettingsRepository(t.database.db);
    const notifications = await switches.of([m.user.id, untouched.user.id]);
    expect(notifications.get(m.user.id)!.profile_view).toEqual({ push: false, in_app: true });
    expect(notifications.get(untouched.user.id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(await switches.wants(m.user.id, 'profile_view', 'push')).toBe(false);
    expect(await switches.wants(m.user.id, 'profile_view', 'in_app')).toBe(true);
  });

  it('reads a missing or unreadable notification entry as on', () => {
    expect(parseNotificationSettings('not json')).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(parseNotificationSettings('{"like":{"push":false},"match":"weird"}').like).toEqual({ push: false, in_app: true });
    expect(parseNotificationSettings('{"like":{"push":false},"match":"weird"}').match).toEqual({ push: true, in_app: true });
  });
});
