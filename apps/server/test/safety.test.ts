import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedMemberSchema, ReportResultSchema, SAFETY_MESSAGES, type BlockedMember } from '@linkup/contract';
import { sql } from 'kysely';
import { SteppingClock, buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildBlock, buildMember, buildPhoto } from './helpers/factories';
import { newId } from '../src/lib/ids';
import { BlocksRepository, whereNotBlocked } from '../src/modules/shared/blocks.repository';

const REPORTS_PER_DAY = 3;

describe('safety API: blocks and reports', () => {
  let t: TestApp;
  const clock = new SteppingClock();
  let me: Member;
  const call = api(() => t.app);
  const report = (from: Member, to: string, body: object) => call(from, 'POST', `/users/${to}/report`, body);
  const reportRows = (reporterId: string) =>
    t.database.db.selectFrom('user_reports').selectAll().where('reporter_id', '=', reporterId).orderBy('created_at').execute();
  const blockRow = (blocker: string, blocked: string) =>
    t.database.db.selectFrom('user_blocks').selectAll().where('blocker_id', '=', blocker).where('blocked_id', '=', blocked).executeTakeFirst();

  beforeAll(async () => {
    t = await buildTestApp({ REPORTS_PER_DAY: String(REPORTS_PER_DAY) }, { clock });
    me = await buildMember(t.app, { name: 'Me Myself' });
  });
  afterAll(async () => t.close());

  it('requires authentication on every endpoint', async () => {
    const other = await buildMember(t.app);
    for (const [method, url] of [
      ['POST', `/users/${other.user.id}/block`], ['DELETE', `/users/${other.user.id}/block`], ['GET', '/blocks'], ['POST', `/users/${other.user.id}/report`],
    ] as const) {
      expect((await call(null, method, url, method === 'POST' ? {} : undefined)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('documents its endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/users/{id}/block', '/api/blocks', '/api/users/{id}/report', '/api/users/{id}']));
  });

  describe('blocking', () => {
    it('blocks a member: 201 the first time, 200 after (idempotent), with the name and no photo', async () => {
      const bongani = await buildMember(t.app, { name: 'Bongani Dlamini' });
      await buildPhoto(t.app, bongani.user, { width: 10, height: 10 });
      const first = await call(me, 'POST', `/users/${bongani.user.id}/block`, {});
      expect(first.statusCode).toBe(201);
      expect(first.json().message).toBe(SAFETY_MESSAGES.blocked);
      const member = BlockedMemberSchema.parse(first.json().data);
      expect(member).toMatchObject({ id: bongani.user.id, name: 'Bongani Dlamini', photo: null });
      expect(Object.keys(first.json().data).sort()).toEqual(['blocked_at', 'id', 'name', 'photo']);

      const again = await call(me, 'POST', `/users/${bongani.user.id}/block`, {});
      expect(again.statusCode).toBe(200);
      expect(again.json().data.blocked_at).toBe(member.blocked_at);
      expect(await new BlocksRepository(t.database.db).eitherWay(me.user.id, bongani.user.id)).toBe(true);
      expect(await new BlocksRepository(t.database.db).eitherWay(bongani.user.id, me.user.id)).toBe(true);
    });

    it('shows the name I blocked, never a name or photo chosen afterwards — also when blocking back (issue #12 item 10)', async () => {
      const rename = (m: Member, name: string) => call(m, 'PUT', '/profile', { name });

      // I block Lindi; she then changes her name and photo: my list keeps the Lindi I blocked.
      const lindi = await buildMember(t.app, { name: 'Lindi Before' });
      expect((await call(me, 'POST', `/users/${lindi.user.id}/block`, {})).statusCode).toBe(201);
      expect((await rename(lindi, 'Lindi After')).statusCode).toBe(200);
      await buildPhoto(t.app, lindi.user, { width: 10, height: 10 });
      const mine = (await call(me, 'GET', '/blocks?per_page=100')).json().data.items as BlockedMember[];
      expect(mine.find((m) => m.id === lindi.user.id)).toMatchObject({ name: 'Lindi Before', photo: null });

      // Thabo blocks me, then changes his name and photo; blocking him back shows only what I knew.
      const thabo = await buildMember(t.app, { name: 'Thabo Before' });
      expect((await call(thabo, 'POST', `/users/${me.user.id}/block`, {})).statusCode).toBe(201);
      expect((await rename(thabo, 'Thabo After')).statusCode).toBe(200);
      await buildPhoto(t.app, thabo.user, { width: 10, height: 10 });
      const back = await call(me, 'POST', `/users/${thabo.user.id}/block`, {});
      expect(back.statusCode).toBe(201);
      expect(back.json().data).toMatchObject({ name: 'Thabo Before', photo: null });
      const list = (await call(me, 'GET', '/blocks?per_page=100')).json().data.items as BlockedMember[];
      expect(list.find((m) => m.id === thabo.user.id)).toMatchObject({ name: 'Thabo Before', photo: null });
      expect(JSON.stringify(list)).not.toContain('After');
    });

    it('refuses blocking myself (422) and an unknown member (404)', async () => {
      const self = await call(me, 'POST', `/users/${me.user.id}/block`, {});
      expect(self.statusCode).toBe(422);
      expect(self.json().message).toBe(SAFETY_MESSAGES.blockSelf);
      const unknown = await call(me, 'POST', '/users/no-such-member/block', {});
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(SAFETY_MESSAGES.memberUnavailable);
      expect((await call(me, 'DELETE', `/users/${me.user.id}/block`)).statusCode).toBe(422);
      expect((await call(me, 'DELETE', '/users/no-such-member/block')).statusCode).toBe(404);
      expect((await call(me, 'POST', `/users/${'x'.repeat(65)}/block`, {})).statusCode).toBe(422);
    });

    it('a member who blocked me can still be blocked by me; unblocking lifts only my own block', async () => {
      const sipho = await buildMember(t.app);
      expect((await call(sipho, 'POST', `/users/${me.user.id}/block`, {})).statusCode).toBe(201);
      expect((await call(me, 'POST', `/users/${sipho.user.id}/block`, {})).statusCode).toBe(201);
      const lifted = await call(me, 'DELETE', `/users/${sipho.user.id}/block`);
      expect(lifted.statusCode).toBe(200);
      expect(lifted.json()).toMatchObject({ data: null, message: SAFETY_MESSAGES.unblocked });
      expect(await blockRow(me.user.id, sipho.user.id)).toBeUndefined();
      expect(await blockRow(sipho.user.id, me.user.id)).toBeDefined();
      expect(await new BlocksRepository(t.database.db).eitherWay(me.user.id, sipho.user.id)).toBe(true);
      // Unblocking someone not blocked is fine (idempotent).
      expect((await call(me, 'DELETE', `/users/${sipho.user.id}/block`)).statusCode).toBe(200);
    });

    it('lists the members I blocked, newest first, paginated; not the ones who blocked me', async () => {
      const lister = await buildMember(t.app);
      const blocked: Member[] = [];
      for (const name of ['First Blocked', 'Second Blocked', 'Third Blocked']) {
        const m = await buildMember(t.app, { name });
        blocked.push(m);
        expect((await call(lister, 'POST', `/users/${m.user.id}/block`, {})).statusCode).toBe(201);
        // Distinct block times from the clock, so "newest first" is the order they were made in.
        clock.step();
      }
      const blocker = await buildMember(t.app);
      await buildBlock(t.app, blocker.user, lister.user);

      const page1 = await call(lister, 'GET', '/blocks?per_page=2');
      expect(page1.statusCode).toBe(200);
      const data = page1.json().data as { items: BlockedMember[]; pagination: object };
      expect(data.items.map((m) => m.name)).toEqual(['Third Blocked', 'Second Blocked']);
      expect(data.items[0]).toMatchObject({ photo: null, blocked_at: expect.any(String) });
      expect(data.pagination).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
      const page2 = (await call(lister, 'GET', '/blocks?per_page=2&page=2')).json().data;
      expect(page2.items.map((m: BlockedMember) => m.name)).toEqual(['First Blocked']);
      expect((await call(lister, 'GET', '/blocks')).json().data.pagination.per_page).toBe(20);
      expect((await call(lister, 'GET', '/blocks?per_page=0')).statusCode).toBe(422);

      const empty = (await call(await buildMember(t.app), 'GET', '/blocks')).json().data;
      expect(empty).toEqual({ items: [], pagination: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
    });

    it('hides blocked members both ways from list queries (whereNotBlocked, blockedAmong)', async () => {
      const viewer = await buildMember(t.app);
      const [a, b, c] = [await buildMember(t.app), await buildMember(t.app), await buildMember(t.app)];
      await buildBlock(t.app, viewer.user, a.user);
      await buildBlock(t.app, b.user, viewer.user);
      const ids = [a.user.id, b.user.id, c.user.id];
      const visible = await t.database.db.selectFrom('users as u').select('u.id').where('u.id', 'in', ids)
        .where((eb) => whereNotBlocked(eb, viewer.user.id, 'u.id')).execute();
      expect(visible.map((r) => r.id)).toEqual([c.user.id]);
      expect(await new BlocksRepository(t.database.db).among(viewer.user.id, ids)).toEqual(new Set([a.user.id, b.user.id]));
      expect(await new BlocksRepository(t.database.db).eitherWay(viewer.user.id, c.user.id)).toBe(false);
    });
  });

  describe('reporting', () => {
    it('stores a report for moderation (201) without blocking unless asked', async () => {
      const reporter = await buildMember(t.app);
      const target = await buildMember(t.app);
      const res = await report(reporter, target.user.id, { reason: 'fake_profile' });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(SAFETY_MESSAGES.reported);
      const result = ReportResultSchema.parse(res.json().data);
      expect(result).toMatchObject({ reason: 'fake_profile', blocked: false });
      const rows = await reportRows(reporter.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: result.id, reported_id: target.user.id, reason: 'fake_profile', details: null, status: 'open' });
      expect(await blockRow(reporter.user.id, target.user.id)).toBeUndefined();
    });

    it('also blocks when asked', async () => {
      const reporter = await buildMember(t.app);
      const target = await buildMember(t.app);
      const res = await report(reporter, target.user.id, { reason: 'harassment', details: '  Rude messages at night.  ', block: true });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: SAFETY_MESSAGES.reportedAndBlocked, data: { blocked: true } });
      expect((await reportRows(reporter.user.id))[0]!.details).toBe('Rude messages at night.');
      expect(await blockRow(reporter.user.id, target.user.id)).toBeDefined();
    });

    it('reporting the same member again within a day is idempotent (200, one row), and may still block', async () => {
      const reporter = await buildMember(t.app);
      const target = await buildMember(t.app);
      const first = (await report(reporter, target.user.id, { reason: 'scam_or_spam' })).json().data;
      const again = await report(reporter, target.user.id, { reason: 'harassment', block: true });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toMatchObject({ id: first.id, reason: 'scam_or_spam', blocked: true });
      expect(await reportRows(reporter.user.id)).toHaveLength(1);
      expect(await blockRow(reporter.user.id, target.user.id)).toBeDefined();
    });

    it(`allows ${REPORTS_PER_DAY} reports a day, then 429 with a clear message; older reports do not count`, async () => {
      const reporter = await buildMember(t.app);
      // A report from two days ago does not count.
      const old = await buildMember(t.app);
      await t.database.db.insertInto('user_reports').values({
        id: newId(), reporter_id: reporter.user.id, reported_id: old.user.id, reason: 'other', details: 'old', created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      }).execute();
      for (let i = 0; i < REPORTS_PER_DAY; i++) {
        expect((await report(reporter, (await buildMember(t.app)).user.id, { reason: 'fake_profile' })).statusCode).toBe(201);
      }
      const over = await report(reporter, (await buildMember(t.app)).user.id, { reason: 'fake_profile' });
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(SAFETY_MESSAGES.reportLimit);
      const count = await t.database.db.selectFrom('user_reports').select(sql<number>`count(*)`.as('n')).where('reporter_id', '=', reporter.user.id).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(REPORTS_PER_DAY + 1);
    });

    it.each([
      [{}, 'reason'],
      [{ reason: 'boring' }, 'reason'],
      [{ reason: 'other' }, 'details'],
      [{ reason: 'other', details: '   ' }, 'details'],
      [{ reason: 'harassment', details: 'x'.repeat(1001) }, 'details'],
      [{ reason: 'harassment', block: 'yes' }, 'block'],
    ])('refuses %j with 422 on %s', async (body, field) => {
      const res = await report(me, (await buildMember(t.app)).user.id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toBeDefined();
    });

    it('accepts "other" with details', async () => {
      const res = await report(await buildMember(t.app), (await buildMember(t.app)).user.id, { reason: 'other', details: 'Asked me for money.' });
      expect(res.statusCode).toBe(201);
    });

    it('refuses reporting myself (422) and an unknown member (404)', async () => {
      const self = await report(me, me.user.id, { reason: 'fake_profile' });
      expect(self.statusCode).toBe(422);
      expect(self.json().message).toBe(SAFETY_MESSAGES.reportSelf);
      const unknown = await report(me, 'no-such-member', { reason: 'fake_profile' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(SAFETY_MESSAGES.memberUnavailable);
    });

    it('keeps a report when the reporter deletes their account', async () => {
      const reporter = await buildMember(t.app);
      const target = await buildMember(t.app);
      const id = (await report(reporter, target.user.id, { reason: 'underage' })).json().data.id as string;
      await t.database.db.deleteFrom('users').where('id', '=', reporter.user.id).execute();
      const row = await t.database.db.selectFrom('user_reports').selectAll().where('id', '=', id).executeTakeFirst();
      expect(row).toMatchObject({ reporter_id: null, reported_id: target.user.id, reason: 'underage' });
    });
  });
});
