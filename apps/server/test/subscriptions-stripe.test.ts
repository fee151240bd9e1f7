import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { SubscriptionStatusSchema, type SubscriptionStatus } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember } from './helpers/factories';
import { startFakeStripeApi } from './helpers/fake-stripe-api';

const SECRET_KEY = 'sk_test_linkup_fake';
const WEBHOOK_SECRET = 'whsec_linkup_fake_secret';
const stripe = new Stripe(SECRET_KEY);

describe('subscriptions with the Stripe provider (against a local fake Stripe API)', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripeApi>>;
  let eventSequence = 0;
  const call = api(() => t.app);
  const status = async (m: Member): Promise<SubscriptionStatus> => SubscriptionStatusSchema.parse((await call(m, 'GET', '/subscription')).json().data);
  const webhook = (type: string, object: object, secret = WEBHOOK_SECRET) => {
    eventSequence += 1;
    const payload = JSON.stringify({ id: `evt_fake${eventSequence}`, object: 'event', type, data: { object } });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  };
  const subscribe = async (m: Member) => {
    const res = await call(m, 'POST', '/subscription/checkout', { plan_id: 'premium_3m' });
    expect(res.statusCode, res.body).toBe(201);
    const { payment_id } = res.json().data as { payment_id: string; checkout_url: string };
    const customer = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.form.customer!;
    const subscription = `sub_${payment_id}`;
    const done = await webhook('checkout.session.completed', {
      id: 'cs_whatever', object: 'checkout.session', client_reference_id: payment_id, payment_status: 'paid', subscription, customer,
    });
    expect(done.statusCode).toBe(200);
    return { payment_id, customer, subscription };
  };

  beforeAll(async () => {
    fake = await startFakeStripeApi({ secretKey: SECRET_KEY });
    t = await buildTestApp({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('checkout makes a customer and a subscription-mode Checkout Session priced from the plan', async () => {
    const me = await buildMember(t.app);
    const res = await call(me, 'POST', '/subscription/checkout', { plan_id: 'premium_3m' });
    expect(res.statusCode, res.body).toBe(201);
    const { payment_id, checkout_url } = res.json().data;
    expect(checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake\d+$/);
    const customer = fake.requests.findLast((r) => r.path === '/v1/customers')!;
    expect(customer.form).toMatchObject({ email: me.user.email, 'metadata[user_id]': me.user.id });
    const session = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(session.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(session.idempotencyKey).toBe(`checkout-${payment_id}`);
    expect(session.form).toMatchObject({
      mode: 'subscription', client_reference_id: payment_id, 'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'zar', 'line_items[0][price_data][unit_amount]': '34900',
      'line_items[0][price_data][recurring][interval]': 'month', 'line_items[0][price_data][recurring][interval_count]': '3',
    });
    expect(session.form.success_url).toContain(`/app/subscription/payment-return?payment_id=${payment_id}`);
    expect((await call(me, 'GET', `/payments/${payment_id}`)).json().data.status).toBe('pending');
  });

  it('a verified checkout.session.completed grants premium once; the next checkout reuses the customer', async () => {
    const me = await buildMember(t.app);
    const { payment_id, customer } = await subscribe(me);
    expect(await status(me)).toMatchObject({ is_premium: true, renews: true, provider: 'stripe', has_portal: true });
    expect((await call(me, 'GET', `/payments/${payment_id}`)).json().data.status).toBe('paid');
    const customersBefore = fake.requests.filter((r) => r.path === '/v1/customers').length;
    // After a cancel a member may buy again: same customer, no new one.
    await call(me, 'POST', '/subscription/cancel');
    expect((await call(me, 'POST', '/subscription/checkout', { plan_id: 'premium_1m' })).statusCode).toBe(201);
    expect(fake.requests.filter((r) => r.path === '/v1/customers').length).toBe(customersBefore);
    expect(fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.form.customer).toBe(customer);
  });

  it('a bad Stripe signature is 400 and nothing changes', async () => {
    const me = await buildMember(t.app);
    const res = await call(me, 'POST', '/subscription/checkout', { plan_id: 'premium_1m' });
    const { payment_id } = res.json().data;
    const forged = await webhook('checkout.session.completed', { id: 'cs_x', client_reference_id: payment_id, payment_status: 'paid' }, 'whsec_not_ours');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect((await status(me)).is_premium).toBe(false);
  });

  it('invoice.paid for a renewal extends premium to the period end; the first invoice grants nothing more', async () => {
    const me = await buildMember(t.app);
    const { subscription } = await subscribe(me);
    const before = (await status(me)).premium_until!;
    await webhook('invoice.paid', { id: 'in_first', object: 'invoice', billing_reason: 'subscription_create', amount_paid: 34900, currency: 'zar', parent: { subscription_details: { subscription } } });
    expect((await status(me)).premium_until).toBe(before);
    const periodEnd = Math.floor(new Date(before).getTime() / 1000) + 92 * 24 * 3600;
    await webhook('invoice.paid', {
      id: `in_renew_${subscription}`, object: 'invoice', billing_reason: 'subscription_cycle', amount_paid: 34900, currency: 'zar',
      parent: { subscription_details: { subscription } }, lines: { data: [{ period: { end: periodEnd } }] },
    });
    const mine = await status(me);
    expect(mine.premium_until).toBe(new Date(periodEnd * 1000).toISOString());
    expect(mine.payments.filter((p) => p.kind === 'renewal')).toEqual([expect.objectContaining({ status: 'paid', amount_cents: 34900, currency: 'ZAR' })]);
  });

  it('cancel and resume switch cancel_at_period_end on the Stripe subscription; the portal link comes from Stripe', async () => {
    const me = await buildMember(t.app);
    const { subscription, customer } = await subscribe(me);
    expect((await call(me, 'POST', '/subscription/cancel')).json().data).toMatchObject({ renews: false, can_resume: true });
    expect(fake.requests.findLast((r) => r.path === `/v1/subscriptions/${subscription}`)!.form).toEqual({ cancel_at_period_end: 'true' });
    expect((await call(me, 'POST', '/subscription/resume')).json().data).toMatchObject({ renews: true });
    expect(fake.requests.findLast((r) => r.path === `/v1/subscriptions/${subscription}`)!.form).toEqual({ cancel_at_period_end: 'false' });
    const portal = await call(me, 'POST', '/subscription/portal');
    expect(portal.json().data.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(fake.requests.findLast((r) => r.path === '/v1/billing_portal/sessions')!.form).toMatchObject({ customer });
  });

  it('a refunded charge ends premium; customer.subscription.deleted ends the subscription', async () => {
    const me = await buildMember(t.app);
    const { customer, subscription } = await subscribe(me);
    await webhook('charge.refunded', { id: 'ch_1', object: 'charge', customer, refunded: true });
    expect(await status(me)).toMatchObject({ is_premium: false });
    const other = await buildMember(t.app);
    const second = await subscribe(other);
    await webhook('customer.subscription.deleted', { id: second.subscription, object: 'subscription' });
    expect(await status(other)).toMatchObject({ renews: false, can_cancel: false });
    expect(subscription).not.toBe(second.subscription);
  });
});
