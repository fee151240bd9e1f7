import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResultSchema, SubscriptionStatusSchema } from '@linkup/contract';
import { ManualClock, buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember, buildUser } from './helpers/factories';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEventType } from '../src/adapters/payments/sandbox-payments';

/**
 * Issue #28 item 2: premium ends for every gate, not only for `/subscription`'s status. The gates
 * (People Who Like You, Profile Visitors, undo, boost, the daily like limit) ask the entitlements
 * query, the status page another; both must agree once the clock passes the period's end or a
 * refund ends it. Free members get 2 likes a day here.
 */
describe('premium ends: every gate is free again', () => {
  let t: TestApp;
  const START = '2025-03-01T10:00:00.000Z';
  const clock = new ManualClock(new Date(START));
  const call = api(() => t.app);
  const send = (type: SandboxEventType, data: object) => {
    const signed = t.app.services.sandboxPayments!.event(type, data);
    return t.app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: signed.body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature } });
  };
  const buyPremium = async (m: Member) => {
    const res = await call(m, 'POST', '/subscription/checkout', { plan_id: 'premium_1m' });
    expect(res.statusCode, res.body).toBe(201);
    const { payment_id } = CheckoutResultSchema.parse(res.json().data);
    expect((await send('checkout.paid', { payment_id })).statusCode).toBe(200);
    return payment_id;
  };

  /** What each premium gate answers the member now. */
  const gates = async (m: Member) => {
    const likes = await call(m, 'GET', '/matches/likes');
    const visitors = await call(m, 'GET', '/visitors');
    expect(likes.statusCode, likes.body).toBe(200);
    expect(visitors.statusCode, visitors.body).toBe(200);
    // Three likes of new members: the third is over the free limit of 2.
    const liked: number[] = [];
    for (let i = 0; i < 3; i++) liked.push((await call(m, 'POST', `/matches/${(await buildUser(t.database.db)).id}/like`)).statusCode);
    return {
      status: SubscriptionStatusSchema.parse((await call(m, 'GET', '/subscription')).json().data).is_premium,
      likesLocked: likes.json().data.locked,
      visitorsLocked: visitors.json().data.locked,
      undo: (await call(m, 'POST', '/matches/undo-last-action')).statusCode,
      boost: (await call(m, 'POST', '/matches/boost-profile')).statusCode,
      liked,
    };
  };
  const FREE = { status: false, likesLocked: true, visitorsLocked: true, undo: 402, boost: 402, liked: [200, 200, 429] };

  beforeAll(async () => {
    // Sessions are on the clock too: they outlive the month it moves through.
    t = await buildTestApp({ FREE_DAILY_LIKES: '2', SESSION_TTL_DAYS: '365' }, { clock });
  });
  afterAll(async () => t.close());

  it('once the clock passes the end of a cancelled period', async () => {
    clock.set(START);
    const me = await buildMember(t.app);
    await buyPremium(me);
    expect((await call(me, 'POST', '/subscription/cancel')).statusCode).toBe(200);
    // Premium until the end: every gate open (undo has the last like to revert).
    expect(await gates(me)).toEqual({ status: true, likesLocked: false, visitorsLocked: false, undo: 200, boost: 200, liked: [200, 200, 200] });
    clock.set('2025-03-31T10:00:00.000Z');
    expect((await gates(me)).status).toBe(true);
    // A second past the end (2025-04-01T10:00), on a new day.
    clock.set('2025-04-01T10:00:01.000Z');
    expect(await gates(me)).toEqual(FREE);
  });

  it('at once after a refund', async () => {
    clock.set(START);
    const me = await buildMember(t.app);
    const paymentId = await buyPremium(me);
    expect((await call(me, 'POST', '/matches/boost-profile')).statusCode).toBe(200);
    expect((await send('payment.refunded', { payment_id: paymentId })).statusCode).toBe(200);
    expect(await gates(me)).toEqual(FREE);
  });
});
