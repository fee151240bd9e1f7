import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { CheckoutResultSchema, SubscriptionStatusSchema, type SubscriptionStatus } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { type Member, api, bearer, buildMember, buildUser, signIn } from './helpers/factories';
import { makeDataDir, removeDataDir } from './helpers/isolation';
import { allOf, needsEnv, onlyOn } from './helpers/requires';
import { SERVER_START_MS, startServerProcess, type ServerProcess } from './helpers/server-process';
import { until } from './helpers/sockets';
import { SANDBOX_SIGNATURE_HEADER, sandboxSubscriptionRef, type SandboxEventType } from '../src/adapters/payments/sandbox-payments';
import { SubscriptionsRepository } from '../src/modules/subscriptions/subscriptions.repository';
import { Outbox } from '../src/adapters/outbox/outbox.repository';

type Signed = { body: string; signature: string };

/** Rounds of each race: on PostgreSQL before issue 27, 4 in 12 rounds of paid + refunded went wrong. */
const ROUNDS = 12;
const START = '2025-03-01T10:00:00.000Z';
const RECEIPT = 'Your LinkUp Premium receipt';

/**
 * Issue 27 (payments): each provider event and its record are one transaction, events of one
 * member serialise, a refund ends only what its payment bought, and side effects leave after the
 * commit. The races send real parallel webhook deliveries; SQLite serialises them, PostgreSQL
 * runs them on separate connections.
 */
describe('subscriptions: one transaction per provider event', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date(START));
  const call = api(() => t.app);
  const event = (type: SandboxEventType, data: object): Signed => t.app.services.sandboxPayments!.event(type, data);
  const send = (signed: Signed) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: signed.body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature } });
  const status = async (m: Member): Promise<SubscriptionStatus> => SubscriptionStatusSchema.parse((await call(m, 'GET', '/subscription')).json().data);
  const checkout = async (m: Member, planId = 'premium_1m') => {
    const res = await call(m, 'POST', '/subscription/checkout', { plan_id: planId });
    expect(res.statusCode, res.body).toBe(201);
    return CheckoutResultSchema.parse(res.json().data).payment_id;
  };
  const buyPremium = async (m: Member) => {
    const paymentId = await checkout(m);
    expect((await send(event('checkout.paid', { payment_id: paymentId }))).statusCode).toBe(200);
    return paymentId;
  };
  const renewal = (paymentId: string, invoice: string) =>
    ({ subscription_ref: sandboxSubscriptionRef(paymentId), invoice_ref: invoice, amount_cents: 14900, currency: 'ZAR' });
  const periods = (userId: string) => t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('starts_at').execute();
  const payments = (userId: string) => t.database.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('kind').execute();
  const receipts = async (m: Member) => (await t.app.services.outbox!.list(m.user.email!)).filter((mail) => mail.subject === RECEIPT);
  const isPremiumNow = (m: Member) => t.app.services.sessionUsers.present(m.user).then((u) => u.is_premium);

  beforeAll(async () => {
    // Sessions are on the clock too: they outlive the month it moves through.
    t = await buildTestApp({ SESSION_TTL_DAYS: '365' }, { clock });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clock.set(START);
  });
  afterAll(async () => t.close());

  describe('a failure between "paid" and "premium granted" loses nothing', () => {
    it('checkout.paid: the grant fails once (500, nothing kept); the redelivered event grants premium exactly once', async () => {
      const me = await buildMember(t.app);
      const paymentId = await checkout(me);
      const paid = event('checkout.paid', { payment_id: paymentId });
      // The process dies (here: the database refuses) after the payment moved to paid, before the period exists.
      vi.spyOn(SubscriptionsRepository.prototype, 'addPeriod').mockRejectedValueOnce(new Error('connection lost mid-event'));

      expect((await send(paid)).statusCode).toBe(500);
      expect((await payments(me.user.id)).map((p) => p.status)).toEqual(['pending']);
      expect(await periods(me.user.id)).toEqual([]);
      expect(await receipts(me)).toEqual([]);

      // The provider retries the same event.
      expect((await send(paid)).statusCode).toBe(200);
      expect((await payments(me.user.id)).map((p) => p.status)).toEqual(['paid']);
      expect(await status(me)).toMatchObject({ is_premium: true, premium_until: '2025-04-01T10:00:00.000Z', renews: true });
      expect(await periods(me.user.id)).toHaveLength(1);
      expect(await receipts(me)).toHaveLength(1);

      // And again: a replay changes nothing.
      expect((await send(paid)).statusCode).toBe(200);
      expect(await periods(me.user.id)).toHaveLength(1);
      expect(await receipts(me)).toHaveLength(1);
    });

    it('renewal.paid: the grant fails once after the renewal payment was stored; the redelivery extends premium once', async () => {
      const me = await buildMember(t.app);
      const paymentId = await buyPremium(me);
      const renewed = event('renewal.paid', renewal(paymentId, `inv_${paymentId}_2`));
      vi.spyOn(SubscriptionsRepository.prototype, 'addPeriod').mockRejectedValueOnce(new Error('connection lost mid-event'));

      expect((await send(renewed)).statusCode).toBe(500);
      expect((await payments(me.user.id)).map((p) => `${p.kind}:${p.status}`)).toEqual(['initial:paid']);
      expect((await status(me)).premium_until).toBe('2025-04-01T10:00:00.000Z');

      expect((await send(renewed)).statusCode).toBe(200);
      expect((await payments(me.user.id)).map((p) => `${p.kind}:${p.status}`)).toEqual(['initial:paid', 'renewal:paid']);
      expect((await status(me)).premium_until).toBe('2025-05-01T10:00:00.000Z');
      expect(await periods(me.user.id)).toHaveLength(2);
      expect(await receipts(me)).toHaveLength(2);
    });
  });

  it('the receipt leaves after the commit: a mail that fails is logged, the grant stands and the delivery is answered 200', async () => {
    const me = await buildMember(t.app);
    const paymentId = await checkout(me);
    const paid = event('checkout.paid', { payment_id: paymentId });
    vi.spyOn(Outbox.prototype, 'add').mockRejectedValueOnce(new Error('mail server down'));

    expect((await send(paid)).statusCode).toBe(200);
    expect(await status(me)).toMatchObject({ is_premium: true, premium_until: '2025-04-01T10:00:00.000Z' });
    expect(await receipts(me)).toEqual([]);
    // Nothing left to retry: a redelivery changes nothing.
    expect((await send(paid)).statusCode).toBe(200);
    expect(await periods(me.user.id)).toHaveLength(1);
  });

  describe('events of one member serialise (real parallel deliveries)', () => {
    it('a refund racing the paid event always leaves the payment refunded and the member free', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const me = await buildMember(t.app);
        const paymentId = await checkout(me);
        const results = await Promise.all([
          send(event('checkout.paid', { payment_id: paymentId })), send(event('payment.refunded', { payment_id: paymentId })),
        ]);
        expect(results.map((r) => r.statusCode), `round ${round}`).toEqual([200, 200]);
        expect((await payments(me.user.id)).map((p) => p.status), `round ${round}`).toEqual(['refunded']);
        expect(await isPremiumNow(me), `round ${round}`).toBe(false);
        expect(await status(me), `round ${round}`).toMatchObject({ is_premium: false, renews: false });
      }
    });

    it('duplicate renewal.paid deliveries of one invoice (different event ids, at once) store one payment and one period', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const me = await buildMember(t.app);
        const paymentId = await buyPremium(me);
        const invoice = renewal(paymentId, `inv_${paymentId}_2`);
        const results = await Promise.all([1, 2, 3].map(() => send(event('renewal.paid', invoice))));
        expect(results.map((r) => r.statusCode), `round ${round}`).toEqual([200, 200, 200]);
        const mine = await payments(me.user.id);
        expect(mine.map((p) => `${p.kind}:${p.status}`), `round ${round}`).toEqual(['initial:paid', 'renewal:paid']);
        // Every period belongs to a stored payment: no ghost.
        const granted = await periods(me.user.id);
        expect(granted.map((p) => p.payment_id).sort(), `round ${round}`).toEqual(mine.map((p) => p.id).sort());
        expect((await status(me)).premium_until, `round ${round}`).toBe('2025-05-01T10:00:00.000Z');
        expect(await receipts(me), `round ${round}`).toHaveLength(2);
      }
    });

    it('two checkouts of one member paid at once both count: the second period starts where the first ends', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const me = await buildMember(t.app);
        // Two checkouts opened before either was paid (a second tab): both are charged.
        const first = await checkout(me);
        const second = await checkout(me);
        const results = await Promise.all([send(event('checkout.paid', { payment_id: first })), send(event('checkout.paid', { payment_id: second }))]);
        expect(results.map((r) => r.statusCode), `round ${round}`).toEqual([200, 200]);
        expect((await status(me)).premium_until, `round ${round}`).toBe('2025-05-01T10:00:00.000Z');
        expect(await periods(me.user.id), `round ${round}`).toHaveLength(2);
      }
    });
  });

  describe('a refund ends only what its payment bought', () => {
    it('refunding a renewal ends the renewal period; the period the first payment bought stays', async () => {
      const me = await buildMember(t.app);
      const paymentId = await buyPremium(me);
      const invoice = `inv_${paymentId}_2`;
      await send(event('renewal.paid', renewal(paymentId, invoice)));
      expect((await status(me)).premium_until).toBe('2025-05-01T10:00:00.000Z');

      expect((await send(event('payment.refunded', { invoice_ref: invoice }))).statusCode).toBe(200);
      expect((await payments(me.user.id)).map((p) => `${p.kind}:${p.status}`)).toEqual(['initial:paid', 'renewal:refunded']);
      expect(await isPremiumNow(me)).toBe(true);
      expect(await status(me)).toMatchObject({ is_premium: true, premium_until: '2025-04-01T10:00:00.000Z', renews: false });
    });

    it('a refund leaves the period another agreement bought', async () => {
      const me = await buildMember(t.app);
      const first = await buyPremium(me);
      // The first agreement ends (its month still runs); the member buys again, stacked after it.
      await send(event('subscription.ended', { subscription_ref: sandboxSubscriptionRef(first) }));
      const second = await buyPremium(me);
      expect((await status(me)).premium_until).toBe('2025-05-01T10:00:00.000Z');
      const secondPeriod = (await periods(me.user.id)).find((p) => p.payment_id === second)!;

      expect((await send(event('payment.refunded', { payment_id: second }))).statusCode).toBe(200);
      expect(await status(me)).toMatchObject({ is_premium: true, premium_until: '2025-04-01T10:00:00.000Z' });
      expect((await periods(me.user.id)).find((p) => p.payment_id === second)).toMatchObject({ starts_at: secondPeriod.starts_at, cancelled_at: START });
      expect((await periods(me.user.id)).find((p) => p.payment_id === first)).toMatchObject({ ends_at: '2025-04-01T10:00:00.000Z', cancelled_at: null });
    });

    it('a refund ends the grace that followed its agreement\'s failed renewal', async () => {
      const me = await buildMember(t.app);
      const paymentId = await buyPremium(me);
      clock.set('2025-04-01T10:00:00.000Z');
      await send(event('renewal.failed', renewal(paymentId, `inv_${paymentId}_fail`)));
      clock.set('2025-04-02T10:00:00.000Z');
      expect(await status(me)).toMatchObject({ is_premium: true, in_grace: true });

      await send(event('payment.refunded', { payment_id: paymentId }));
      expect(await status(me)).toMatchObject({ is_premium: false, in_grace: false, renews: false });
      expect(await isPremiumNow(me)).toBe(false);
    });
  });

  it('a renewal that failed and then was paid (same invoice) ends the grace and extends premium', async () => {
    const me = await buildMember(t.app);
    const paymentId = await buyPremium(me);
    const invoice = renewal(paymentId, `inv_${paymentId}_2`);
    clock.set('2025-04-01T10:00:00.000Z');
    await send(event('renewal.failed', invoice));
    clock.set('2025-04-02T10:00:00.000Z');
    expect(await status(me)).toMatchObject({ is_premium: true, in_grace: true, premium_until: '2025-04-04T10:00:00.000Z' });

    // The provider's retry of the same invoice succeeds.
    expect((await send(event('renewal.paid', invoice))).statusCode).toBe(200);
    expect((await payments(me.user.id)).map((p) => `${p.kind}:${p.status}`)).toEqual(['initial:paid', 'renewal:paid']);
    expect(await status(me)).toMatchObject({ is_premium: true, in_grace: false, renews: true, premium_until: '2025-05-01T10:00:00.000Z' });
    clock.set('2025-04-20T10:00:00.000Z');
    expect(await isPremiumNow(me)).toBe(true);
  });
});

// The reproduction, on a real server process: PostgreSQL only (the lock that holds the
// event half-applied is a PostgreSQL table lock; the SQLite pass would only repeat the
// injected-failure tests above).
describe('a server process killed between "paid" and "premium granted"', allOf(needsEnv('TEST_DATABASE_URL'), onlyOn('postgres')), () => {
  const APP_SECRET = 'issue-27-kill-test-app-secret-0123456789';
  let database: TestDatabase;
  let t: TestApp;
  let server: ServerProcess | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = makeDataDir();
    database = await createTestDatabase({ dialect: 'postgres' });
    // The test app shares the database and the app secret (so the sandbox's webhook secret) with the process.
    t = await buildTestApp({ APP_SECRET }, { database });
    server = await startServerProcess({ DATABASE_URL: database.url!, DATA_DIR: dataDir, APP_SECRET });
  }, SERVER_START_MS + 30_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
    await database?.destroy();
    if (dataDir) removeDataDir(dataDir);
  });

  it('kill -9 while the grant waits on a lock: nothing is kept, and the redelivered event grants premium once', async () => {
    const user = await buildUser(t.database.db);
    const token = await signIn(t.app, user);
    const res = await t.app.inject({ method: 'POST', url: '/api/subscription/checkout', headers: bearer(token), payload: { plan_id: 'premium_1m' } });
    const paymentId = CheckoutResultSchema.parse(res.json().data).payment_id;
    const paid = t.app.services.sandboxPayments!.event('checkout.paid', { payment_id: paymentId });
    const headers = { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: paid.signature };

    // Another session holds `subscriptions`: the process's event stops at inserting the period.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE subscriptions IN EXCLUSIVE MODE');
      const delivery = fetch(`${server!.origin}/api/payments/webhooks/sandbox`, { method: 'POST', headers, body: paid.body }).catch(() => null);
      const waitingInserts = async () => (await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "subscriptions"%'`.execute(database.db)).rows[0]!.n;
      await until(async () => (await waitingInserts()) === 1, 15_000);
      await server!.kill();
      server = undefined;
      expect(await delivery).toBeNull();
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    // The killed process's backend finds its client gone and rolls back.
    const busyBackends = async () => (await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`.execute(database.db)).rows[0]!.n;
    await until(async () => (await busyBackends()) === 0, 15_000);
    const payment = () => t.database.db.selectFrom('payments').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
    const periods = () => t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).execute();
    expect(await payment()).toEqual({ status: 'pending' });
    expect(await periods()).toEqual([]);

    // The provider redelivers (to the app still running on the database).
    const again = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: paid.body, headers });
    expect(again.statusCode).toBe(200);
    expect(await payment()).toEqual({ status: 'paid' });
    expect(await periods()).toHaveLength(1);
    const status = SubscriptionStatusSchema.parse((await t.app.inject({ method: 'GET', url: '/api/subscription', headers: bearer(token) })).json().data);
    expect(status).toMatchObject({ is_premium: true, renews: true });
    expect((await t.app.services.outbox!.list(user.email!)).filter((mail) => mail.subject === RECEIPT)).toHaveLength(1);
  }, 60_000);
});
