import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportDetailSchema, StandingSchema, envelope, paginated, QueueItemSchema } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, bearer, buildMember, buildModerator, buildPhoto, buildPost, signIn } from './helpers/factories';
import { outboxFor } from './helpers/outbox';
import { ModerationRepository } from '../src/modules/moderation/moderation.repository';

const ALERTS = 'alerts@linkup.test';
/** Members of long standing: the checks on new accounts do not apply to them. */
const ESTABLISHED = { created_at: '2025-01-01T00:00:00.000Z' };

describe('moderation API (issue 30)', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
  let mod: Member;
  let mod2: Member;
  const tick = (ms = 1000) => clock.set(new Date(clock.now().getTime() + ms).toISOString());
  const call = api(() => t.app);
  const report = async (from: Member, to: Member, reason: string) => {
    tick();
    const res = await call(from, 'POST', `/users/${to.user.id}/report`, { reason, details: 'see chat' });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  };
  const decide = (m: Member, reportId: string, body: object) => call(m, 'POST', `/moderation/reports/${reportId}/decision`, body);
  const act = (m: Member, memberId: string, body: object) => call(m, 'POST', `/moderation/members/${memberId}/actions`, body);

  beforeAll(async () => {
    // Sessions are on the clock too: they outlive the six months an appeal is open.
    t = await buildTestApp({ MODERATION_ALERT_EMAIL: ALERTS, SESSION_TTL_DAYS: '365' }, { clock });
    const m = await buildModerator(t.database.db);
    mod = { user: m, token: await signIn(t.app, m) };
    const m2 = await buildModerator(t.database.db, {}, 'admin');
    mod2 = { user: m2, token: await signIn(t.app, m2) };
  });
  afterAll(async () => t.close());

  it('answers 404 to members without a role, and GET /auth/user carries roles', async () => {
    const member = await buildMember(t.app, ESTABLISHED);
    for (const [method, url] of [['GET', '/moderation/queue'], ['GET', '/moderation/audit'], ['GET', '/moderation/stats'], ['GET', '/moderation/appeals']] as const) {
      expect((await call(member, method, url)).statusCode).toBe(404);
      expect((await call(mod, method, url)).statusCode).toBe(200);
    }
    expect((await call(member, 'POST', `/moderation/members/${member.user.id}/actions`, { action: 'ban', reason_code: 'other', statement: 'x' })).statusCode).toBe(404);
    expect((await call(member, 'GET', '/auth/user')).json().data.user.roles).toEqual([]);
    expect((await call(mod, 'GET', '/auth/user')).json().data.user.roles).toEqual(['moderator']);
  });

  it('sorts the queue by priority, then age, and e-mails critical reports at once', async () => {
    const [a, b, c, subject] = [await buildMember(t.app, ESTABLISHED), await buildMember(t.app, ESTABLISHED), await buildMember(t.app, ESTABLISHED), await buildMember(t.app, ESTABLISHED)];
    const normal = await report(a, subject, 'scam_or_spam');
    const high = await report(b, subject, 'harassment');
    const critical = await report(c, subject, 'underage');
    const res = await call(mod, 'GET', '/moderation/queue?kind=report&status=open');
    const body = envelope(paginated(QueueItemSchema)).parse(res.json());
    const ours = body.data.items.filter((i) => i.subject.id === subject.user.id);
    expect(ours.map((i) => [i.id, i.priority])).toEqual([[critical, 'critical'], [high, 'high'], [normal, 'normal']]);
    expect(ours[0]!.reports_count).toBe(3);
    const mails = await outboxFor(t.app, ALERTS);
    expect(mails.some((m) => m.body.includes(critical))).toBe(true);
    expect(mails.some((m) => m.body.includes(normal))).toBe(false);

    const detail = ReportDetailSchema.parse((await call(mod, 'GET', `/moderation/reports/${critical}`)).json().data);
    expect(detail.report.reason).toBe('underage');
    expect(detail.history.reports).toHaveLength(3);
  });

  it('warns, then the strike ladder suspends (ending sessions), and a suspended session reaches only its standing', async () => {
    const [reporter, subject] = [await buildMember(t.app, ESTABLISHED), await buildMember(t.app, ESTABLISHED)];
    const first = await report(reporter, subject, 'harassment');
    const warned = await decide(mod, first, { action: 'warn', reason_code: 'harassment', statement: 'Rude messages.' });
    expect(warned.statusCode).toBe(200);
    expect(warned.json().data.decision.action).toBe('warn');
    expect(warned.json().data.escalated_to).toBeNull();
    let standing = StandingSchema.parse((await call(subject, 'GET', '/account/standing')).json().data);
    expect(standing).toMatchObject({ status: 'warned', strikes: 1 });
    expect(standing.decisions[0]!.statement).toBe('Rude messages.');
    expect((await call(subject, 'GET', '/matches')).statusCode).toBe(200);
    // The statement of reasons reached the inbox.
    const inbox = (await call(subject, 'GET', '/feed/notifications')).json().data;
    expect(JSON.stringify(inbox)).toContain('moderation_decision');

    tick();
    const second = await act(mod, subject.user.id, { action: 'warn', reason_code: 'harassment', statement: 'Again.' });
    expect(second.json().data).toMatchObject({ escalated_to: 'suspend', decision: { action: 'suspend' } });
    // Every session ended.
    expect((await call(subject, 'GET', '/auth/user')).statusCode).toBe(401);
    const again: Member = { user: subject.user, token: await signIn(t.app, subject.user) };
    const refused = await call(again, 'GET', '/matches');
    expect(refused.statusCode).toBe(423);
    const sevenDays = new Date(clock.now().getTime() + 7 * 24 * 60 * 60 * 1000).toISOString();
    expect(refused.json()).toMatchObject({ code: 'account_suspended', details: { until: sevenDays } });
    standing = StandingSchema.parse((await call(again, 'GET', '/account/standing')).json().data);
    expect(standing).toMatchObject({ status: 'suspended', strikes: 2 });
    expect((await call(again, 'GET', '/auth/user')).json().data.user.restricted).toBe(true);
    // The statement reached the inbox and the e-mail.
    const mails = await outboxFor(t.app, subject.user.email!);
    expect(mails.filter((m) => (m.subject ?? '').includes('decision about your LinkUp account'))).toHaveLength(2);
  });

  it('bans on the third strike; the ban survives deleting the account and refuses re-registration', async () => {
    const subject = await buildMember(t.app, { ...ESTABLISHED, email: 'banned.person@example.test', phone_number: '+27831112233' });
    for (let i = 0; i < 3; i++) {
      tick();
      const res = await act(mod, subject.user.id, { action: 'warn', reason_code: 'scam_or_spam', statement: `Strike ${i + 1}` });
      expect(res.statusCode).toBe(200);
    }
    const again: Member = { user: subject.user, token: await signIn(t.app, subject.user) };
    expect((await call(again, 'GET', '/account/standing')).json().data.status).toBe('banned');
    expect((await call(again, 'GET', '/feed')).json()).toMatchObject({ code: 'account_suspended', details: { until: null } });
    expect((await call(again, 'DELETE', '/account', { password: 'correct-horse-battery-9' })).statusCode).toBe(200);
    const register = await t.app.inject({
      method: 'POST', url: '/api/auth/register',
      payload: { name: 'New Me', email: 'banned.person@example.test', mobile: '+27831112233', password: 'another-fine-secret-88', password_confirmation: 'another-fine-secret-88', date_of_birth: '1995-01-01', gender: 'male', terms_accepted: true },
    });
    expect(register.statusCode).toBe(403);
    expect(register.json().code).toBe('registration_refused');
    // Nor can another member move onto the banned address.
    const other = await buildMember(t.app, ESTABLISHED);
    const change = await t.app.inject({
      method: 'PUT', url: '/api/account/email', headers: bearer(other.token),
      payload: { email: 'banned.person@example.test', current_password: 'correct-horse-battery-9' },
    });
    expect(change.statusCode).toBe(422);
  });

  it('an appeal goes to another moderator; overturning lifts the restriction and the strike', async () => {
    const subject = await buildMember(t.app, ESTABLISHED);
    tick();
    const res = await act(mod, subject.user.id, { action: 'suspend', days: 7, reason_code: 'harassment', statement: 'Threatening tone.' });
    const decisionId = res.json().data.decision.id as string;
    const session: Member = { user: subject.user, token: await signIn(t.app, subject.user) };
    const appeal = await call(session, 'POST', '/account/appeals', { decision_id: decisionId, text: 'It was a joke between friends.' });
    expect(appeal.statusCode).toBe(201);
    expect((await call(session, 'POST', '/account/appeals', { decision_id: decisionId, text: 'Again' })).json().code).toBe('appeal_exists');
    const appealId = appeal.json().data.id as string;
    const same = await call(mod, 'POST', `/moderation/appeals/${appealId}/decision`, { outcome: 'overturned', statement: 'ok' });
    expect(same.statusCode).toBe(403);
    expect(same.json().code).toBe('same_moderator');
    const other = await call(mod2, 'POST', `/moderation/appeals/${appealId}/decision`, { outcome: 'overturned', statement: 'Context shows a joke.' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.status).toBe('overturned');
    expect((await call(session, 'GET', '/matches')).statusCode).toBe(200);
    expect((await call(session, 'GET', '/account/standing')).json().data).toMatchObject({ status: 'good', strikes: 0 });
  });

  it('refuses an appeal after six months', async () => {
    const subject = await buildMember(t.app, ESTABLISHED);
    tick();
    const decisionId = (await act(mod, subject.user.id, { action: 'warn', reason_code: 'other', statement: 'Old.' })).json().data.decision.id;
    const session: Member = { user: subject.user, token: await signIn(t.app, subject.user) };
    const saved = clock.now().toISOString();
    clock.set('2026-09-02T10:00:00.000Z');
    const late = await call(session, 'POST', '/account/appeals', { decision_id: decisionId, text: 'Late' });
    clock.set(saved);
    expect(late.json().code).toBe('appeal_closed');
  });

  it('removes content and says which', async () => {
    const subject = await buildMember(t.app, { ...ESTABLISHED, about: 'Send money to my account' });
    tick();
    const photoId = await buildPhoto(t.app, subject.user, { width: 800, height: 800, created_at: clock.now().toISOString() });
    await buildPost(t.app, subject.user, { profile_description: 'Invest with me', preferred_age_min: 18, preferred_age_max: 99 });
    const res = await act(mod, subject.user.id, {
      action: 'remove_content', reason_code: 'scam_or_spam', statement: 'Asking for money.', content: { about: true, photo_ids: [photoId], post: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.decision.content).toEqual({ photo_ids: [photoId], post: true, about: true });
    expect(await t.database.db.selectFrom('feed_posts').select('id').where('user_id', '=', subject.user.id).execute()).toEqual([]);
    const row = await t.database.db.selectFrom('users').select('about').where('id', '=', subject.user.id).executeTakeFirstOrThrow();
    expect(row.about).toBeNull();
    expect(await t.database.db.selectFrom('user_photos').select('id').where('user_id', '=', subject.user.id).execute()).toEqual([]);
    const standing = (await call(subject, 'GET', '/account/standing')).json().data;
    expect(standing.decisions[0].content).toEqual({ photo_ids: [photoId], post: true, about: true });
  });

  it('keeps an append-only audit of decisions, appeals and role changes', async () => {
    const member = await buildMember(t.app, ESTABLISHED);
    const grant = await call(mod2, 'PUT', `/moderation/members/${member.user.id}/roles`, { roles: ['moderator'] });
    expect(grant.json().data.roles).toEqual(['moderator']);
    expect((await call(mod, 'PUT', `/moderation/members/${member.user.id}/roles`, { roles: [] })).statusCode).toBe(404);
    const audit = (await call(mod, 'GET', '/moderation/audit?per_page=100')).json().data.items as { action: string }[];
    expect(new Set(audit.map((a) => a.action))).toEqual(new Set(['decision', 'appeal_decision', 'role_granted']));
    // No method of the repository updates or deletes an audit entry; no route does either.
    const methods = Object.getOwnPropertyNames(ModerationRepository.prototype);
    expect(methods.filter((m) => /audit/i.test(m))).toEqual(['audit', 'auditPage']);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(t.app.hasRoute({ method, url: '/api/moderation/audit' })).toBe(false);
      expect(t.app.hasRoute({ method, url: '/api/moderation/audit/:id' })).toBe(false);
    }
    expect(t.app.hasRoute({ method: 'GET', url: '/api/moderation/audit' })).toBe(true);
  });

  it('lists held first messages and releases or rejects them through chat, with audit entries', async () => {
    const young = await buildMember(t.app, { ...ESTABLISHED, created_at: new Date(clock.now().getTime() - 3 * 24 * 60 * 60 * 1000).toISOString() });
    const send = async (to: Member) => {
      tick();
      const room = (await call(young, 'POST', '/chat/rooms', { user_id: to.user.id })).json().data.id as string;
      const res = await call(young, 'POST', '/chat/messages', { chat_room_id: room, message: 'Hello, how are you?' });
      expect(res.statusCode).toBe(201);
      return res.json().data.id as string;
    };
    for (let i = 0; i < 3; i++) await send(await buildMember(t.app, ESTABLISHED));
    const [r1, r2] = [await buildMember(t.app, ESTABLISHED), await buildMember(t.app, ESTABLISHED)];
    const held1 = await send(r1);
    const held2 = await send(r2);
    const list = (await call(mod, 'GET', '/moderation/held-messages')).json().data.items as { id: string; sender: { id: string } }[];
    expect(list.map((h) => h.id)).toEqual([held1, held2]);
    expect((await call(mod, 'GET', '/moderation/queue?kind=held')).json().data.items).toHaveLength(2);

    expect((await call(mod, 'POST', `/moderation/held-messages/${held1}/reject`)).json().data).toEqual({ id: held1, status: 'rejected' });
    expect((await call(r1, 'GET', '/chat/requests')).json().data.pagination.total).toBe(0);
    expect((await call(mod, 'POST', `/moderation/held-messages/${held2}/release`)).json().data).toEqual({ id: held2, status: 'released' });
    expect((await call(r2, 'GET', '/chat/requests')).json().data.pagination.total).toBe(1);
    expect((await call(mod, 'POST', `/moderation/held-messages/${held2}/release`)).statusCode).toBe(404);
    const audit = (await call(mod, 'GET', '/moderation/audit')).json().data.items as { action: string; target: string }[];
    expect(audit.filter((a) => a.action.startsWith('held_')).map((a) => [a.action, a.target]).sort()).toEqual([['held_rejected', held1], ['held_released', held2]]);
  });
});
