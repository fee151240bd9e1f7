import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResultSchema, PaymentStatusResultSchema, PlanSchema, SubscriptionStatusSchema, type SubscriptionStatus } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember } from './helpers/factories';
import { listen, openSocket, record, until } from './helpers/sockets';
import { SANDBOX_SIGNATURE_HEADER, sandboxSubscriptionRef, signSandboxWebhook, type SandboxEventType } from '../src/adapters/payments/sandbox-payments';

describe('subscriptions API: plans, sandbox checkout, webhooks, renewals, cancel', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2025-03-01T10:00:00.000Z'));
  const call = api(() => t.app);
  const sandbox = () => t.app.services.sandboxPayments!;
  const send = (signed: { body: string; signature: string }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: signed.body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature } });
  const event = (type: SandboxEventType, data: object) => sandbox().event(type, data);
  const status = async (m: Member): Promise<SubscriptionStatus> => SubscriptionStatusSchema.parse((await call(m, 'GET', '/subscription')).json().data);
  const checkout = async (m: Member, planId = 'premium_1m') => {
    const res = await call(m, 'POST', '/subscription/checkout', { plan_id: planId });
    expect(res.statusCode, res.body).toBe(201);
    return CheckoutResultSchema.parse(res.json().data);
  };
  const periods = (userId: string) => t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
  const buyPremium = async (m: Member) => {
    const { payment_id } = await checkout(m);
    expect((await send(event('checkout.paid', { payment_id }))).statusCode).toBe(200);
    return payment_id;
  };

  beforeAll(async () => {
    // Sessions are on the clock too: they outlive the month it moves through.
    t = await buildTestApp({ SESSION_TTL_DAYS: '365' }, { clock });
  });
  afterAll(async () => t.close());

  it('requires authentication on every member endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/subscription/plans'], ['GET', '/subscription'], ['POST', '/subscription/checkout'], ['POST', '/subscription/cancel'],
      ['POST', '/subscription/resume'], ['GET', '/payments/abc'],
    ] as const) {
      expect((await call(null, method, url, method === 'POST' ? {} : undefined)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists the plans with the price per month and the savings of the longer plans', async () => {
    const me = await buildMember(t.app);
    const res = await call(me, 'GET', '/subscription/plans');
    expect(res.statusCode).toBe(200);
    const plans = res.json().data.map((p: unknown) => PlanSchema.parse(p));
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['premium_1m', 'premium_3m', 'premium_12m']);
    expect(plans[0]).toMatchObject({ months: 1, price_cents: 14900, currency: 'ZAR', price_per_month_cents: 14900, savings_percent: 0 });
    expect(plans[2].price_per_month_cents).toBeLessThan(plans[1].price_per_month_cents);
    expect(plans[2].savings_percent).toBeGreaterThan(plans[1].savings_percent);
  });

  it('starts free; checkout creates a pending payment and a sandbox checkout link, and the return URL grants nothing', async () => {
    const me = await buildMember(t.app);
    expect(await status(me)).toMatchObject({ is_premium: false, plan: null, renews: false, payments: [] });
    const { payment_id, checkout_url } = await checkout(me, 'premium_3m');
    expect(checkout_url).toContain('/sandbox/checkout?ticket=');
    const payment = PaymentStatusResultSchema.parse((await call(me, 'GET', `/payments/${payment_id}`)).json().data);
    expect(payment).toMatchObject({ status: 'pending', amount_cents: 34900, plan_id: 'premium_3m', is_premium: false });
    expect((await status(me)).is_premium).toBe(false);
  });

  it('refuses an unknown plan (404) and bad input (422)', async () => {
    const me = await buildMember(t.app);
    expect((await call(me, 'POST', '/subscription/checkout', { plan_id: 'nope' })).statusCode).toBe(404);
    expect((await call(me, 'POST', '/subscription/checkout', {})).statusCode).toBe(422);
  });

  it('a verified paid event grants the plan once: the replayed event adds no second period', async () => {
    const me = await buildMember(t.app);
    const { payment_id } = await checkout(me);
    const paid = event('checkout.paid', { payment_id });
    expect((await send(paid)).statusCode).toBe(200);
    expect((await send(paid)).statusCode).toBe(200);
    const mine = await status(me);
    expect(mine).toMatchObject({ is_premium: true, renews: true, can_cancel: true, provider: 'sandbox' });
    expect(mine.plan?.id).toBe('premium_1m');
    expect(mine.premium_until).toBe('2025-04-01T10:00:00.000Z');
    expect(await periods(me.user.id)).toHaveLength(1);
    expect(mine.payments).toEqual([expect.objectContaining({ id: payment_id, status: 'paid' })]);
    const receipts = await t.app.services.outbox!.list(me.user.email!);
    expect(receipts.filter((m) => m.subject === 'Your LinkUp Premium receipt')).toHaveLength(1);
    // Premium unlocks what was locked.
    expect((await call(me, 'GET', '/matches/likes')).json().data.locked).toBe(false);
  });

  it('a second checkout while a subscription renews is refused (409)', async () => {
    const me = await buildMember(t.app);
    await buyPremium(me);
    expect((await call(me, 'POST', '/subscription/checkout', { plan_id: 'premium_12m' })).statusCode).toBe(409);
  });

  it('a bad signature is 400 and changes nothing', async () => {
    const me = await buildMember(t.app);
    const { payment_id } = await checkout(me);
    const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.paid', data: { payment_id } });
    for (const signature of ['', 't=1,v1=00', signSandboxWebhook('not-the-secret', body, Math.floor(clock.now().getTime() / 1000))]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature } });
      expect([res.statusCode, res.json().code]).toEqual([400, 'webhook_signature_invalid']);
    }
    expect((await status(me)).is_premium).toBe(false);
    expect((await call(me, 'GET', `/payments/${payment_id}`)).json().data.status).toBe('pending');
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: body, headers: { 'content-type': 'application/json' } })).statusCode).toBe(404);
  });

  it('a correctly signed webhook older (or newer) than the 5-minute tolerance is 400 and changes nothing; one within it applies', async () => {
    const me = await buildMember(t.app);
    const { payment_id } = await checkout(me);
    const body = JSON.stringify({ id: 'evt_replayed_late', type: 'checkout.paid', data: { payment_id } });
    // The sandbox judges a signature's age on the app's clock, which this file holds still.
    const nowS = Math.floor(clock.now().getTime() / 1000);
    const signedAt = (at: number) => ({ body, signature: signSandboxWebhook(sandbox().webhookSecret, body, at) });
    for (const at of [nowS - 301, nowS - 3600, nowS + 301]) {
      const res = await send(signedAt(at));
      expect(res.statusCode, `signed at now ${at - nowS} s`).toBe(400);
    }
    expect((await status(me)).is_premium).toBe(false);
    expect((await call(me, 'GET', `/payments/${payment_id}`)).json().data.status).toBe('pending');
    expect((await send(signedAt(nowS - 240))).statusCode).toBe(200);
    expect((await status(me)).is_premium).toBe(true);
  });

  it('events apply in any order: a refund before the paid event leaves the member free', async () => {
    const me = await buildMember(t.app);
    const { payment_id } = await checkout(me);
    await send(event('payment.refunded', { payment_id }));
    await send(event('checkout.paid', { payment_id }));
    expect((await status(me)).is_premium).toBe(false);
    expect((await call(me, 'GET', `/payments/${payment_id}`)).json().data.status).toBe('refunded');
  });

  it('declined and cancelled checkouts leave the payment failed or cancelled and the member free', async () => {
    const me = await buildMember(t.app);
    const declined = await checkout(me);
    await send(event('checkout.declined', { payment_id: declined.payment_id }));
    expect((await call(me, 'GET', `/payments/${declined.payment_id}`)).json().data).toMatchObject({ status: 'failed', is_premium: false });
    const cancelled = await checkout(me);
    await send(event('checkout.cancelled', { payment_id: cancelled.payment_id }));
    expect((await call(me, 'GET', `/payments/${cancelled.payment_id}`)).json().data.status).toBe('cancelled');
  });

  it("another member's payment is 404", async () => {
    const me = await buildMember(t.app);
    const other = await buildMember(t.app);
    const { payment_id } = await checkout(other);
    expect((await call(me, 'GET', `/payments/${payment_id}`)).statusCode).toBe(404);
    expect((await call(me, 'GET', '/payments/not-a-payment')).statusCode).toBe(404);
  });

  it('a renewal extends premium by the paid period, once per invoice', async () => {
    const me = await buildMember(t.app);
    const paymentId = await buyPremium(me);
    const renewal = event('renewal.paid', { subscription_ref: sandboxSubscriptionRef(paymentId), invoice_ref: `inv_${paymentId}_2`, amount_cents: 14900, currency: 'ZAR' });
    await send(renewal);
    await send(renewal);
    const mine = await status(me);
    expect(mine.premium_until).toBe('2025-05-01T10:00:00.000Z');
    expect(mine.payments.map((p) => `${p.kind}:${p.status}`).sort()).toEqual(['initial:paid', 'renewal:paid']);
  });

  it('a failed renewal keeps premium for a 3-day grace, then the member is free', async () => {
    const me = await buildMember(t.app);
    const paymentId = await buyPremium(me);
    clock.set('2025-04-01T10:00:00.000Z');
    try {
      await send(event('renewal.failed', { subscription_ref: sandboxSubscriptionRef(paymentId), invoice_ref: `inv_${paymentId}_fail`, amount_cents: 14900, currency: 'ZAR' }));
      clock.set('2025-04-03T10:00:00.000Z');
      expect(await status(me)).toMatchObject({ is_premium: true, in_grace: true, premium_until: '2025-04-04T10:00:00.000Z' });
      clock.set('2025-04-04T10:00:01.000Z');
      expect(await status(me)).toMatchObject({ is_premium: false, in_grace: false });
    } finally {
      clock.set('2025-03-01T10:00:00.000Z');
    }
  });

  it('a refund ends premium at once', async () => {
    const me = await buildMember(t.app);
    const paymentId = await buyPremium(me);
    await send(event('payment.refunded', { payment_id: paymentId }));
    expect(await status(me)).toMatchObject({ is_premium: false, renews: false });
    expect((await call(me, 'GET', `/payments/${paymentId}`)).json().data.status).toBe('refunded');
  });

  it('cancel keeps premium until the period ends; resume renews again', async () => {
    const me = await buildMember(t.app);
    expect((await call(me, 'POST', '/subscription/cancel')).statusCode).toBe(404);
    await buyPremium(me);
    const cancelled = await call(me, 'POST', '/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ is_premium: true, renews: false, can_cancel: false, can_resume: true, premium_until: '2025-04-01T10:00:00.000Z' });
    const resumed = await call(me, 'POST', '/subscription/resume');
    expect(resumed.json().data).toMatchObject({ is_premium: true, renews: true, can_cancel: true, can_resume: false });
  });

  it('the sandbox checkout page shows the plan and amount, and Pay sends a signed webhook and returns the member', async () => {
    const me = await buildMember(t.app);
    const { payment_id, checkout_url } = await checkout(me, 'premium_12m');
    // Same origin: the sandbox's page is this server's, whatever address the member opened.
    expect(checkout_url).toMatch(/^\/sandbox\/checkout\?ticket=/);
    const url = new URL(checkout_url, 'http://localhost');
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('12 months');
    expect(page.body).toContain('ZAR 999.00');
    const ticket = url.searchParams.get('ticket')!;
    const pay = await t.app.inject({
      method: 'POST', url: '/sandbox/checkout', payload: new URLSearchParams({ ticket, action: 'pay' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/app/subscription/payment-return?payment_id=${payment_id}`);
    expect((await call(me, 'GET', `/payments/${payment_id}`)).json().data).toMatchObject({ status: 'paid', is_premium: true });
    // Its last character changed (to another: a ticket that already ended in 'ff' once made the
    // "forgery" the ticket itself, 1 run in 256).
    const forgedTicket = ticket.slice(0, -1) + (ticket.endsWith('0') ? '1' : '0');
    const forged = await t.app.inject({ method: 'GET', url: `/sandbox/checkout?ticket=${encodeURIComponent(forgedTicket)}` });
    expect(forged.statusCode).toBe(400);
  });

  it("premium changes reach the member's open app at once (premium.changed on their own channel only)", async () => {
    const me = await buildMember(t.app);
    const other = await buildMember(t.app);
    const origin = await listen(t.app);
    const mine = await openSocket(origin, me.token);
    const theirs = await openSocket(origin, other.token);
    try {
      const seen = record<{ is_premium: boolean; premium_until: string | null }>(mine, 'premium.changed');
      const notSeen = record(theirs, 'premium.changed');
      const paymentId = await buyPremium(me);
      await until(() => seen.length === 1);
      expect(seen[0]).toEqual({ is_premium: true, premium_until: '2025-04-01T10:00:00.000Z' });
      await send(event('payment.refunded', { payment_id: paymentId }));
      await until(() => seen.length === 2);
      expect(seen[1]).toEqual({ is_premium: false, premium_until: null });
      expect(notSeen).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('documents its endpoints', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/subscription/plans', '/api/subscription', '/api/subscription/checkout', '/api/payments/{id}', '/api/payments/webhooks/{provider}',
    ]));
  });
});
