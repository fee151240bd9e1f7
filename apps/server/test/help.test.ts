import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FaqSchema, SupportMessageSchema, type Faq } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { type Member, bearer, buildMember, buildUser, signIn } from './helpers/factories';
import { outboxFor } from './helpers/outbox';
import { FAQ } from '../src/modules/help/faq-content';

const SUPPORT = 'help-desk@linkup.test';

describe('help API', () => {
  let t: TestApp;
  const faq = (m: Member | null, search?: string) =>
    t.app.inject({ method: 'GET', url: '/api/help/faq', ...(search !== undefined ? { query: { search } } : {}), ...(m ? { headers: bearer(m.token) } : {}) });
  const contact = (m: Member | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/help/contact', payload: payload as object, ...(m ? { headers: bearer(m.token) } : {}) });
  const questions = (data: Faq) => data.categories.flatMap((c) => c.entries.map((e) => e.question));

  beforeAll(async () => {
    t = await buildTestApp({ SUPPORT_EMAIL: SUPPORT, SUPPORT_MESSAGES_PER_HOUR: '3' });
  });
  afterAll(async () => t.close());

  it('requires authentication', async () => {
    expect((await faq(null)).statusCode).toBe(401);
    expect((await contact(null, { subject: 'Hello there', message: 'A question about my account' })).statusCode).toBe(401);
  });

  describe('GET /help/faq', () => {
    it('answers every category with real questions and answers', async () => {
      const res = await faq(await buildMember(t.app));
      expect(res.statusCode).toBe(200);
      const data = FaqSchema.parse(res.json().data);
      expect(data.search).toBe('');
      expect(data.categories.map((c) => c.id)).toEqual(['account', 'profile', 'matching', 'safety', 'premium', 'privacy']);
      expect(data.total).toBeGreaterThanOrEqual(15);
      expect(data.total).toBe(FAQ.reduce((n, c) => n + c.entries.length, 0));
      for (const entry of data.categories.flatMap((c) => c.entries)) {
        expect(entry.question.endsWith('?')).toBe(true);
        expect(entry.answer.length).toBeGreaterThan(60);
      }
      const ids = data.categories.flatMap((c) => c.entries.map((e) => e.id));
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('searches questions and answers, any case, keeping only categories with a hit', async () => {
      const m = await buildMember(t.app);
      const blocked = FaqSchema.parse((await faq(m, 'BLOCK')).json().data);
      expect(blocked.search).toBe('BLOCK');
      expect(questions(blocked)).toContain('What happens when I block someone?');
      for (const entry of blocked.categories.flatMap((c) => c.entries)) {
        expect(`${entry.question} ${entry.answer}`.toLowerCase()).toContain('block');
      }
      expect(blocked.total).toBeLessThan(FAQ.reduce((n, c) => n + c.entries.length, 0));

      // A word found only in an answer.
      const gps = FaqSchema.parse((await faq(m, 'gps')).json().data);
      expect(questions(gps)).toEqual(['How many photos can I add, and which formats work?']);
      expect(gps.categories.map((c) => c.id)).toEqual(['profile']);

      // Every word must appear.
      const both = FaqSchema.parse((await faq(m, '  delete   PASSWORD ')).json().data);
      expect(both.search).toBe('delete   PASSWORD');
      expect(questions(both)).toContain('How do I delete my account?');
      for (const entry of both.categories.flatMap((c) => c.entries)) {
        const text = `${entry.question} ${entry.answer}`.toLowerCase();
        expect(text).toContain('delete');
        expect(text).toContain('password');
      }
    });

    it('answers an empty list for a search nothing matches, and 422 for an overlong one', async () => {
      const m = await buildMember(t.app);
      const none = await faq(m, 'xylophone');
      expect(none.statusCode).toBe(200);
      expect(none.json().data).toEqual({ search: 'xylophone', total: 0, categories: [] });
      const long = await faq(m, 'a'.repeat(101));
      expect(long.statusCode).toBe(422);
      expect(long.json().errors.search).toBeDefined();
    });
  });

  describe('POST /help/contact', () => {
    it('stores the message with the member and e-mails it to the support address', async () => {
      const m = await buildMember(t.app);
      const res = await contact(m, { subject: '  Question\r\nabout   billing ', message: '  I was charged twice for my Premium plan this month.  ' });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(/support team/);
      const sent = SupportMessageSchema.parse(res.json().data);
      expect(sent.subject).toBe('Question about billing');

      const row = await t.database.db.selectFrom('support_messages').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        user_id: m.user.id, email: m.user.email, subject: 'Question about billing', message: 'I was charged twice for my Premium plan this month.',
      });

      const [mail] = await outboxFor(t.app, SUPPORT);
      expect(mail).toMatchObject({ channel: 'email', subject: '[LinkUp support] Question about billing' });
      expect(mail!.body).toContain(m.user.email!);
      expect(mail!.body).toContain(m.user.id);
      expect(mail!.body).toContain('I was charged twice for my Premium plan this month.');
    });

    it.each([
      [{ subject: 'Hi', message: 'A long enough message here' }, 'subject'],
      [{ subject: ' \n ', message: 'A long enough message here' }, 'subject'],
      [{ subject: 'x'.repeat(151), message: 'A long enough message here' }, 'subject'],
      [{ subject: 'A fine subject', message: 'too short' }, 'message'],
      [{ subject: 'A fine subject', message: 'x'.repeat(5001) }, 'message'],
      [{ message: 'A long enough message here' }, 'subject'],
      [{ subject: 'A fine subject' }, 'message'],
    ])('refuses %j with 422 on %s and stores nothing', async (body, field) => {
      const m = await buildMember(t.app);
      const res = await contact(m, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toBeDefined();
      const rows = await t.database.db.selectFrom('support_messages').select('id').where('user_id', '=', m.user.id).execute();
      expect(rows).toHaveLength(0);
    });

    it('keeps the stored message when the e-mail cannot be delivered', async () => {
      const m = await buildMember(t.app);
      const send = vi.spyOn(t.app.deps.mail, 'send').mockRejectedValueOnce(new Error('SMTP is down'));
      try {
        const res = await contact(m, { subject: 'Delivery trouble', message: 'Please keep this message even if mail fails.' });
        expect(res.statusCode).toBe(201);
        expect(send).toHaveBeenCalledOnce();
        const rows = await t.database.db.selectFrom('support_messages').selectAll().where('user_id', '=', m.user.id).execute();
        expect(rows.map((r) => r.subject)).toEqual(['Delivery trouble']);
      } finally {
        send.mockRestore();
      }
    });

    it('limits each member to the configured number of messages an hour (429); an hour after the first they may write again', async () => {
      const clock = new ManualClock(new Date());
      const own = await buildTestApp({ SUPPORT_EMAIL: SUPPORT, SUPPORT_MESSAGES_PER_HOUR: '3' }, { clock });
      try {
        const member = async () => {
          const user = await buildUser(own.database.db);
          return { user, token: await signIn(own.app, user) };
        };
        const send = (m: Member, subject: string) => own.app.inject({
          method: 'POST', url: '/api/help/contact', headers: bearer(m.token), payload: { subject, message: 'Something I would like to know about LinkUp.' },
        });
        const [m, other] = [await member(), await member()];
        for (let i = 1; i <= 3; i++) expect((await send(m, `Question ${i}`)).statusCode).toBe(201);
        const limited = await send(m, 'Question 4');
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({ code: 'contact_limit', message: 'You have sent several messages in the last hour. Please wait a while before sending another.' });
        expect((await send(other, 'My question')).statusCode).toBe(201);

        clock.set(new Date(clock.now().getTime() + 61 * 60_000).toISOString());
        expect((await send(m, 'Question 5')).statusCode).toBe(201);
      } finally {
        await own.close();
      }
    });
  });
});
