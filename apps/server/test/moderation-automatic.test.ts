import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember, buildModerator, signIn } from './helpers/factories';
import { roleCommand, transparencyReportCommand } from '../src/admin/admin';

const DAY = 24 * 60 * 60 * 1000;

/** Issue 30: the automatic protective restriction, false reporters, stats and the admin commands, on an injected clock. */
describe('automatic moderation rules', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-04-01T09:00:00.000Z'));
  let mod: Member;
  const tick = (ms = 1000) => clock.set(new Date(clock.now().getTime() + ms).toISOString());
  const ago = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();
  const established = () => ({ created_at: ago(60) });
  const call = api(() => t.app);
  const report = async (from: Member, to: Member, reason: string) => {
    tick();
    const res = await call(from, 'POST', `/users/${to.user.id}/report`, { reason, details: 'suspicious' });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const restriction = async (m: Member) =>
    (await t.database.db.selectFrom('users').select('restriction').where('id', '=', m.user.id).executeTakeFirstOrThrow()).restriction;

  beforeAll(async () => {
    t = await buildTestApp({ REPORTS_PER_DAY: '100' }, { clock });
    const m = await buildModerator(t.database.db);
    mod = { user: m, token: await signIn(t.app, m) };
  });
  afterAll(async () => t.close());

  it('2 open scam or fake reports from trusted reporters restrict protectively, with a statement; a new reporter does not count', async () => {
    const subject = await buildMember(t.app, established());
    const [trusted1, trusted2, fresh] = [await buildMember(t.app, established()), await buildMember(t.app, established()), await buildMember(t.app, { created_at: ago(5) })];
    await report(trusted1, subject, 'scam_or_spam');
    await report(fresh, subject, 'fake_profile');
    expect(await restriction(subject)).toBeNull();
    const second = await report(trusted2, subject, 'fake_profile');
    expect(await restriction(subject)).toBe('protective');
    const standing = (await call(subject, 'GET', '/account/standing')).json().data;
    expect(standing).toMatchObject({ status: 'restricted', strikes: 0 });
    expect(standing.decisions[0]).toMatchObject({ action: 'auto_restrict', automatic: true });
    // Still signed in, only hidden.
    expect((await call(subject, 'GET', '/matches')).statusCode).toBe(200);
    const queue = (await call(mod, 'GET', '/moderation/queue')).json().data.items as { id: string; priority: string }[];
    expect(queue.find((i) => i.id === second)?.priority).toBe('high');
    // A moderator's decision ends it.
    tick();
    expect((await call(mod, 'POST', `/moderation/reports/${second}/decision`, { action: 'dismiss', reason_code: 'no_violation', statement: 'Real person.', include_similar: true })).statusCode).toBe(200);
    expect(await restriction(subject)).toBeNull();
  });

  it('flags a reporter with 5 reports, at least 70% of them dismissed: their reports rank low and never restrict', async () => {
    const reporter = await buildMember(t.app, established());
    for (let i = 0; i < 5; i++) {
      const target = await buildMember(t.app, established());
      const id = await report(reporter, target, 'harassment');
      tick();
      await call(mod, 'POST', `/moderation/reports/${id}/decision`, { action: 'dismiss', reason_code: 'no_violation', statement: 'Nothing found.' });
    }
    const detail = (await call(mod, 'GET', `/moderation/members/${reporter.user.id}`)).json().data;
    expect(detail.member.false_reporter).toBe(true);
    expect(detail.reports_filed).toHaveLength(5);

    const subject = await buildMember(t.app, established());
    const low = await report(reporter, subject, 'scam_or_spam');
    await report(await buildMember(t.app, established()), subject, 'scam_or_spam');
    expect(await restriction(subject)).toBeNull();
    const queue = (await call(mod, 'GET', '/moderation/queue')).json().data.items as { id: string; priority: string }[];
    expect(queue.find((i) => i.id === low)?.priority).toBe('low');
  });

  it('counts reports, actions and appeals for the transparency report (API and admin command)', async () => {
    const stats = (await call(mod, 'GET', `/moderation/stats?from=${encodeURIComponent(ago(1))}&to=${encodeURIComponent(new Date(clock.now().getTime() + 1000).toISOString())}`)).json().data;
    expect(stats.reports_by_reason.scam_or_spam).toBeGreaterThanOrEqual(3);
    expect(stats.actions_by_type.dismiss).toBeGreaterThanOrEqual(5);
    expect(stats.actions_by_type.auto_restrict).toBe(1);
    expect(stats.median_hours_to_decision).not.toBeNull();
    const printed = JSON.parse(await transparencyReportCommand(t.database.db, ['--from', '2026-03-01', '--to', '2026-05-01']));
    expect(printed.actions_by_type).toEqual(stats.actions_by_type);
    await expect(transparencyReportCommand(t.database.db, ['--from', 'x'])).rejects.toThrow(/Usage/);
  });

  it('grants and revokes roles from the admin command, with audit entries', async () => {
    const member = await buildMember(t.app, { ...established(), email: 'future.mod@example.test' });
    expect(await roleCommand(t.database.db, true, ['future.mod@example.test', 'moderator'], 'ZA')).toContain('is now moderator');
    expect((await call(member, 'GET', '/moderation/queue')).statusCode).toBe(200);
    expect(await roleCommand(t.database.db, false, ['future.mod@example.test', 'moderator'], 'ZA')).toContain('no longer');
    expect((await call(member, 'GET', '/moderation/queue')).statusCode).toBe(404);
    await expect(roleCommand(t.database.db, true, ['future.mod@example.test', 'king'], 'ZA')).rejects.toThrow(/Usage/);
    const audit = (await call(mod, 'GET', '/moderation/audit?per_page=100')).json().data.items as { action: string; subject_id: string }[];
    expect(audit.filter((a) => a.subject_id === member.user.id).map((a) => a.action).sort()).toEqual(['role_granted', 'role_revoked']);
  });
});
