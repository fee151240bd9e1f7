import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportResultSchema, SAFETY_MESSAGES } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, type Member, api, buildMember, buildMessage, buildMutualMatch, buildPhoto } from './helpers/factories';
import { EVIDENCE_MESSAGES, type ReportSnapshot } from '../src/modules/shared/report-evidence.repository';

/** Issue 29: a member can report someone after an unmatch, a block or their account deletion, with the evidence kept. */
describe('reporting after contact ended (issue 29)', () => {
  let t: TestApp;
  const call = api(() => t.app);
  const report = (from: Member, to: string, body: object) => call(from, 'POST', `/users/${to}/report`, body);
  const evidenceOf = async (reportId: string) => {
    const row = await t.database.db.selectFrom('report_evidence').selectAll().where('report_id', '=', reportId).executeTakeFirst();
    return row ? { ...row, snapshot: JSON.parse(row.snapshot) as ReportSnapshot } : undefined;
  };

  const send = async (from: Member, roomId: string, message: string) => {
    const res = await call(from, 'POST', '/chat/messages', { chat_room_id: roomId, message, type: 'text' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  /** A photo and a post, so that the evidence has them. */
  const dressUp = async (m: Member) => {
    await buildPhoto(t.app, m.user, { width: 10, height: 10 });
    const post = await call(m, 'POST', '/feed/my-post', { preferred_age_min: 18, preferred_age_max: 99, profile_description: 'Long walks and honest people.' });
    expect(post.statusCode, post.body).toBe(201);
    return post.json().data.post.id as string;
  };

  beforeAll(async () => {
    t = await buildTestApp({ REPORTS_PER_DAY: '50' });
  });
  afterAll(async () => t.close());

  it('after an unmatch: 201, with a snapshot of name, photos, bio, post and the pair\'s messages (edits and deletions marked)', async () => {
    const [ama, bo] = [await buildMember(t.app, { name: 'Ama Reporter' }), await buildMember(t.app, { name: 'Bo Unmatcher', about: 'I love dogs.' })];
    const postId = await dressUp(bo);
    const { matchId, roomId } = await buildMutualMatch(t.app, ama, bo);
    const hello = await send(bo, roomId, 'Hello Ama');
    const rude = await send(bo, roomId, 'Something rude');
    const gone = await send(bo, roomId, 'Something worse');
    await send(ama, roomId, 'Please stop');
    expect((await call(bo, 'PUT', `/chat/messages/${rude}`, { message: 'Something milder' })).statusCode).toBe(200);
    expect((await call(bo, 'DELETE', `/chat/messages/${gone}`)).statusCode).toBe(200);
    expect((await call(bo, 'DELETE', `/matches/${matchId}`)).statusCode).toBe(200);
    // His profile is gone for her (404), yet she can report him.
    expect((await call(ama, 'GET', `/users/${bo.user.id}`)).statusCode).toBe(404);

    const res = await report(ama, bo.user.id, { reason: 'harassment' });
    expect(res.statusCode, res.body).toBe(201);
    const result = ReportResultSchema.parse(res.json().data);
    const evidence = await evidenceOf(result.id);
    expect(evidence).toMatchObject({ reported_user_id: bo.user.id });
    const snapshot = evidence!.snapshot;
    expect(snapshot.member).toMatchObject({ id: bo.user.id, name: 'Bo Unmatcher', about: 'I love dogs.' });
    expect(snapshot.member.photos).toHaveLength(1);
    expect(snapshot.post).toMatchObject({ id: postId, description: 'Long walks and honest people.' });
    expect(snapshot.messages.map((m) => [m.id, m.user_id, m.text, m.edited, m.deleted])).toEqual([
      [hello, bo.user.id, 'Hello Ama', false, false],
      [rude, bo.user.id, 'Something milder', true, false],
      [gone, bo.user.id, null, false, true],
      [expect.any(String), ama.user.id, 'Please stop', false, false],
    ]);
    // No contact details in the evidence.
    const dump = JSON.stringify(snapshot);
    for (const detail of [bo.user.email!, bo.user.phone_number!]) expect(dump.includes(detail)).toBe(false);
  });

  it(`keeps only the pair's last ${EVIDENCE_MESSAGES} messages, oldest first`, async () => {
    const [cara, dan] = [await buildMember(t.app, { name: 'Cara Reporter' }), await buildMember(t.app, { name: 'Dan Chatty' })];
    const { roomId } = await buildMutualMatch(t.app, cara, dan);
    for (let i = 0; i < EVIDENCE_MESSAGES + 5; i++) await buildMessage(t.app, dan, roomId, `message ${i}`);
    const res = await report(cara, dan.user.id, { reason: 'scam_or_spam' });
    expect(res.statusCode).toBe(201);
    const { messages } = (await evidenceOf(res.json().data.id))!.snapshot;
    expect(messages).toHaveLength(EVIDENCE_MESSAGES);
    expect(messages[0]!.text).toBe('message 5');
    expect(messages.at(-1)!.text).toBe(`message ${EVIDENCE_MESSAGES + 4}`);
  });

  it('after a block either way: the blocked member and the blocker may both report (201)', async () => {
    const [eve, fin] = [await buildMember(t.app, { name: 'Eve Blocked' }), await buildMember(t.app, { name: 'Fin Blocker' })];
    const { roomId } = await buildMutualMatch(t.app, eve, fin);
    await send(fin, roomId, 'Bye');
    expect((await call(fin, 'POST', `/users/${eve.user.id}/block`, {})).statusCode).toBe(201);
    const byBlocked = await report(eve, fin.user.id, { reason: 'harassment' });
    expect(byBlocked.statusCode, byBlocked.body).toBe(201);
    expect((await evidenceOf(byBlocked.json().data.id))!.snapshot.messages.map((m) => m.text)).toEqual(['Bye']);
    expect((await report(fin, eve.user.id, { reason: 'fake_profile' })).statusCode).toBe(201);
  });

  it('after the reported member deleted their account: 201 with the evidence taken before the deletion', async () => {
    const [gia, hal] = [await buildMember(t.app, { name: 'Gia Reporter' }), await buildMember(t.app, { name: 'Hal Leaver', about: 'Here for a short while.' })];
    await dressUp(hal);
    const { roomId } = await buildMutualMatch(t.app, gia, hal);
    const threat = await send(hal, roomId, 'A threat');
    expect((await call(hal, 'DELETE', '/account', { password: FACTORY_PASSWORD })).statusCode).toBe(200);

    const res = await report(gia, hal.user.id, { reason: 'harassment', message_id: threat, block: true });
    expect(res.statusCode, res.body).toBe(201);
    // Nothing left to block; the report names the message.
    expect(res.json().data).toMatchObject({ blocked: false, message_id: threat });
    const row = await t.database.db.selectFrom('user_reports').selectAll().where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reporter_id: gia.user.id, reported_id: null, message_id: threat });
    const evidence = (await evidenceOf(row.id))!;
    expect(evidence.reported_user_id).toBe(hal.user.id);
    expect(evidence.snapshot.member).toMatchObject({ id: hal.user.id, name: 'Hal Leaver', about: 'Here for a short while.' });
    expect(evidence.snapshot.member.photos).toHaveLength(1);
    expect(evidence.snapshot.post).not.toBeNull();
    expect(evidence.snapshot.messages.map((m) => [m.id, m.text])).toEqual([[threat, 'A threat']]);
    // Again within the day: the same report (200), not a second one.
    const again = await report(gia, hal.user.id, { reason: 'other', details: 'Again' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(row.id);
  });

  it('a report and its evidence survive the reported member deleting their account afterwards', async () => {
    const [ivy, jon] = [await buildMember(t.app, { name: 'Ivy Reporter' }), await buildMember(t.app, { name: 'Jon Leaver', about: 'Bio before leaving.' })];
    const { roomId } = await buildMutualMatch(t.app, ivy, jon);
    await send(jon, roomId, 'Hi Ivy');
    const res = await report(ivy, jon.user.id, { reason: 'fake_profile' });
    expect(res.statusCode).toBe(201);
    expect((await call(jon, 'DELETE', '/account', { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    const row = await t.database.db.selectFrom('user_reports').selectAll().where('id', '=', res.json().data.id).executeTakeFirst();
    expect(row).toMatchObject({ reporter_id: ivy.user.id, reported_id: null, reason: 'fake_profile' });
    const evidence = (await evidenceOf(res.json().data.id))!;
    expect(evidence.reported_user_id).toBe(jon.user.id);
    expect(evidence.snapshot.member).toMatchObject({ name: 'Jon Leaver', about: 'Bio before leaving.' });
    expect(evidence.snapshot.messages.map((m) => m.text)).toEqual(['Hi Ivy']);
  });

  it('without contact, a member apart or gone stays hidden (404), and nothing is stored', async () => {
    const [kim, lee, mo] = [await buildMember(t.app, { name: 'Kim Reporter' }), await buildMember(t.app, { name: 'Lee Blocker' }), await buildMember(t.app, { name: 'Mo Leaver' })];
    // Lee blocked Kim without the two ever having had contact.
    expect((await call(lee, 'POST', `/users/${kim.user.id}/block`, {})).statusCode).toBe(201);
    expect((await call(mo, 'DELETE', '/account', { password: FACTORY_PASSWORD })).statusCode).toBe(200);
    const before = await t.database.db.selectFrom('user_reports').select('id').where('reporter_id', '=', kim.user.id).execute();
    for (const target of [lee.user.id, mo.user.id, 'no-such-member']) {
      const res = await report(kim, target, { reason: 'fake_profile' });
      expect(res.statusCode, target).toBe(404);
      expect(res.json().message).toBe(SAFETY_MESSAGES.memberUnavailable);
    }
    expect(await t.database.db.selectFrom('user_reports').select('id').where('reporter_id', '=', kim.user.id).execute()).toEqual(before);
  });

  it('reports a message: only one the reported member sent in the pair\'s conversation (else 404)', async () => {
    const [nia, oli, pat] = [await buildMember(t.app, { name: 'Nia Reporter' }), await buildMember(t.app, { name: 'Oli Sender' }), await buildMember(t.app, { name: 'Pat Other' })];
    const { roomId } = await buildMutualMatch(t.app, nia, oli);
    const theirs = await send(oli, roomId, 'Send me money');
    const mine = await send(nia, roomId, 'No');
    const other = await buildMutualMatch(t.app, oli, pat);
    const elsewhere = await send(oli, other.roomId, 'To Pat');

    for (const [messageId, why] of [[mine, 'her own'], [elsewhere, 'another conversation'], ['no-such-message', 'unknown']] as const) {
      const res = await report(nia, oli.user.id, { reason: 'scam_or_spam', message_id: messageId });
      expect(res.statusCode, why).toBe(404);
      expect(res.json().message).toBe(SAFETY_MESSAGES.messageUnavailable);
    }
    // Another member cannot report Oli for a message of Nia's conversation.
    expect((await report(pat, oli.user.id, { reason: 'scam_or_spam', message_id: theirs })).statusCode).toBe(404);

    const res = await report(nia, oli.user.id, { reason: 'scam_or_spam', message_id: theirs });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ message_id: theirs });
    const row = await t.database.db.selectFrom('user_reports').selectAll().where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row.message_id).toBe(theirs);
    expect((await evidenceOf(row.id))!.snapshot.messages.map((m) => m.id)).toContain(theirs);
  });
});
