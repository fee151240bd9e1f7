import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanSchema, StoreAccountTokenSchema, SubscriptionStatusSchema } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, bearer, buildMember, buildUser, signIn } from './helpers/factories';
import { startFakeGooglePlay } from './helpers/fake-google-play';
import { testConfig } from '../src/config';

const PACKAGE = 'app.linkup.test';
const AUDIENCE = 'https://linkup.test/api/webhooks/google';
const PUSHER = 'play-rtdn@linkup-test.iam.gserviceaccount.com';
const DAY = 24 * 60 * 60 * 1000;
const RECOVERED = 1;
const RENEWED = 2;
const CANCELED = 3;
const PURCHASED = 4;
const ON_HOLD = 5;
const IN_GRACE_PERIOD = 6;
const RESTARTED = 7;
const REVOKED = 12;

/**
 * Issue 34 item 2: Google Play billing against a local Google (real HTTP): the OAuth token
 * exchange, purchases.subscriptionsv2.get, :acknowledge, and Pub/Sub pushes whose OIDC tokens are
 * signed with the fake's key and verified against its JWKS.
 */
describe('subscriptions: Google Play purchases and Real-time developer notifications', () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startFakeGooglePlay>>;
  const accountToken = async (m: Member) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/google/account-token', headers: bearer(m.token) });
    expect(res.statusCode, res.body).toBe(200);
    return StoreAccountTokenSchema.parse(res.json().data).app_account_token;
  };
  const report = (m: Member, purchaseToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/subscriptions/google/purchases', headers: bearer(m.token), payload: { purchase_token: purchaseToken } });
  const authorization = (claims: Record<string, unknown> = {}) => `Bearer ${google.pushToken({ aud: AUDIENCE, email: PUSHER, ...claims })}`;
  const notify = (notificationType: number, purchaseToken: string, options: { messageId?: string; packageName?: string; auth?: string | null } = {}) => {
    const body = google.pushBody({
      packageName: options.packageName ?? PACKAGE, subscriptionNotification: { version: '1.0', notificationType, purchaseToken, subscriptionId: 'linkup_premium_1m' },
    }, options.messageId);
    const auth = options.auth === undefined ? authorization() : options.auth;
    return t.app.inject({ method: 'POST', url: '/api/webhooks/google', headers: auth ? { authorization: auth } : {}, payload: body });
  };
  const status = async (m: Member) => SubscriptionStatusSchema.parse((await t.app.inject({ method: 'GET', url: '/api/subscription', headers: bearer(m.token) })).json().data);
  const payments = (userId: string) => t.database.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const periods = (userId: string) => t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    google = await startFakeGooglePlay(PACKAGE);
    t = await buildTestApp({
      GOOGLE_PLAY_PACKAGE_NAME: PACKAGE, GOOGLE_PLAY_SERVICE_ACCOUNT: google.serviceAccountJson,
      GOOGLE_PLAY_PRODUCTS: 'linkup_premium_1m/monthly:premium_1m,linkup_premium_12m/yearly:premium_12m', GOOGLE_PLAY_API_URL: google.url,
      GOOGLE_PLAY_PUSH_AUDIENCE: AUDIENCE, GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: PUSHER, GOOGLE_PLAY_PUSH_CERTS_URL: google.certsUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it("the plans name each one's Play product and base plan, which the app buys", async () => {
    const me = await buildMember(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/plans', headers: bearer(me.token) });
    expect(res.statusCode).toBe(200);
    expect(PlanSchema.array().parse(res.json().data).map((plan) => [plan.id, plan.store_products])).toEqual([
      ['premium_1m', { apple: null, google: { product_id: 'linkup_premium_1m', base_plan_id: 'monthly' } }],
      ['premium_3m', { apple: null, google: null }], // not sold in the store
      ['premium_12m', { apple: null, google: { product_id: 'linkup_premium_12m', base_plan_id: 'yearly' } }],
    ]);
  });

  it('a reported purchase grants its plan until Google’s expiry, is acknowledged, and grants once however often it is sent (restore)', async () => {
    const me = await buildMember(t.app);
    const expiry = Date.now() + 30 * DAY;
    const { token, subscription } = google.purchase({ accountToken: await accountToken(me), expiryTime: iso(expiry) });
    const res = await report(me, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(SubscriptionStatusSchema.parse(res.json().data)).toMatchObject({ is_premium: true, provider: 'google', premium_until: iso(expiry), renews: true, can_cancel: false });
    expect(google.acknowledged).toEqual([token]);

    expect((await report(me, token)).statusCode).toBe(200);
    // Google's notification of the same purchase changes nothing more.
    expect((await notify(PURCHASED, token)).statusCode).toBe(200);
    expect(await payments(me.user.id)).toEqual([expect.objectContaining({
      provider: 'google', provider_ref: subscription.latestOrderId, amount_cents: 14900, currency: 'ZAR', status: 'paid',
    })]);
    expect(Boolean((await payments(me.user.id))[0]!.test_purchase)).toBe(false);
    expect(await periods(me.user.id)).toHaveLength(1);
    expect(google.acknowledged).toEqual([token]);
  });

  it('a purchase before the app reports it, a renewal (replayed), renewal off and on, a revocation that ends only its period', async () => {
    const me = await buildMember(t.app);
    const firstExpiry = Date.now() + 30 * DAY;
    const { token, subscription } = google.purchase({ accountToken: await accountToken(me), expiryTime: iso(firstExpiry) });
    expect((await notify(PURCHASED, token)).statusCode).toBe(200);
    expect((await status(me)).premium_until).toBe(iso(firstExpiry));
    expect(google.acknowledged).toContain(token);

    const renewedExpiry = firstExpiry + 30 * DAY;
    google.renew(token, `${subscription.latestOrderId}..0`, iso(renewedExpiry));
    const messageId = `renewal-${Date.now()}`;
    expect((await notify(RENEWED, token, { messageId })).statusCode).toBe(200);
    expect((await notify(RENEWED, token, { messageId })).statusCode).toBe(200); // Pub/Sub's redelivery: nothing more
    expect((await status(me)).premium_until).toBe(iso(renewedExpiry));
    expect((await payments(me.user.id)).map((p) => p.kind).sort()).toEqual(['initial', 'renewal']);

    google.setState(token, 'SUBSCRIPTION_STATE_CANCELED');
    expect((await notify(CANCELED, token)).statusCode).toBe(200);
    expect(await status(me)).toMatchObject({ renews: false, is_premium: true, can_resume: false });
    google.setState(token, 'SUBSCRIPTION_STATE_ACTIVE');
    expect((await notify(RESTARTED, token)).statusCode).toBe(200);
    expect((await status(me)).renews).toBe(true);

    // A notification the state does not bear out changes nothing (REVOKED while Google says active).
    expect((await notify(REVOKED, token)).statusCode).toBe(200);
    expect((await status(me)).premium_until).toBe(iso(renewedExpiry));

    google.setState(token, 'SUBSCRIPTION_STATE_EXPIRED', iso(Date.now()));
    expect((await notify(REVOKED, token)).statusCode).toBe(200);
    expect((await status(me)).premium_until).toBe(iso(firstExpiry));
    expect((await payments(me.user.id)).find((p) => p.kind === 'renewal')?.status).toBe('refunded');
  });

  it('a failed renewal gives the web’s grace, a recovery grants the new order, and account hold ends the agreement', async () => {
    const me = await buildMember(t.app);
    const expiry = Date.now() + DAY;
    const { token, subscription } = google.purchase({ accountToken: await accountToken(me), expiryTime: iso(expiry) });
    expect((await report(me, token)).statusCode).toBe(200);

    google.setState(token, 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD');
    expect((await notify(IN_GRACE_PERIOD, token)).statusCode).toBe(200);
    const grace = await status(me);
    expect(grace).toMatchObject({ is_premium: true, in_grace: true });
    expect(new Date(grace.premium_until!).getTime()).toBeGreaterThan(expiry);
    expect((await payments(me.user.id)).map((p) => [p.provider_ref, p.status])).toContainEqual([`${subscription.latestOrderId}:grace`, 'failed']);

    const recovered = expiry + 30 * DAY;
    google.renew(token, `${subscription.latestOrderId}..0`, iso(recovered));
    expect((await notify(RECOVERED, token)).statusCode).toBe(200);
    expect(await status(me)).toMatchObject({ is_premium: true, in_grace: false, premium_until: iso(recovered) });

    google.setState(token, 'SUBSCRIPTION_STATE_ON_HOLD');
    expect((await notify(ON_HOLD, token)).statusCode).toBe(200);
    const billing = await t.database.db.selectFrom('billing_subscriptions').selectAll().where('user_id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(billing.status).toBe('ended');
  });

  it("another member's purchase, an unknown token or product, and a Google that cannot be asked are refused", async () => {
    const me = await buildMember(t.app);
    const other = await buildMember(t.app);
    const theirs = google.purchase({ accountToken: await accountToken(other) });
    const refused = await report(me, theirs.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('store_transaction_not_yours');
    // Without an account token, a purchase that is not already mine is not mine either.
    const anonymous = google.purchase();
    expect((await report(me, anonymous.token)).json().code).toBe('store_transaction_not_yours');

    const unknown = await report(me, 'no-such-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('store_transaction_invalid');
    expect((await report(me, 'bad token\u202e')).statusCode).toBe(422);

    const coins = google.purchase({ accountToken: await accountToken(me), productId: 'linkup_coins' });
    const product = await report(me, coins.token);
    expect(product.statusCode).toBe(422);
    expect(product.json().code).toBe('store_product_unknown');

    const mine = google.purchase({ accountToken: await accountToken(me) });
    google.failWith(500);
    try {
      const down = await report(me, mine.token);
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('payment_provider_unavailable');
      expect((await notify(PURCHASED, mine.token)).statusCode).toBe(503); // Pub/Sub delivers it again
    } finally {
      google.failWith(null);
    }
    expect((await status(me)).is_premium).toBe(false);
    expect(await payments(me.user.id)).toEqual([]);
    expect(google.acknowledged).not.toContain(theirs.token);
    expect(google.acknowledged).not.toContain(anonymous.token);
  });

  it('unauthenticated pushes and another app’s notifications are refused and change nothing', async () => {
    const me = await buildMember(t.app);
    const { token } = google.purchase({ accountToken: await accountToken(me) });
    for (const auth of [
      null,
      'Bearer not-a-jwt',
      authorization({ aud: 'https://elsewhere.test/hook' }),
      authorization({ email: 'someone@evil.test' }),
      authorization({ email_verified: false }),
      authorization({ iss: 'https://evil.test' }),
      authorization({ exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 }),
      `Bearer ${google.pushToken({ aud: AUDIENCE, email: PUSHER }, google.foreignKey)}`,
    ]) {
      const res = await notify(PURCHASED, token, { auth });
      expect(res.statusCode, String(auth)).toBe(400);
      expect(res.json().code).toBe('webhook_signature_invalid');
    }
    const foreign = await notify(PURCHASED, token, { packageName: 'com.other.app' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('store_notification_foreign');
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/google', headers: { authorization: authorization() }, payload: { message: {} } })).statusCode).toBe(422);
    // A test notification from the Play Console: accepted, nothing to apply.
    const test = google.pushBody({ packageName: PACKAGE, testNotification: { version: '1.0' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/google', headers: { authorization: authorization() }, payload: test })).statusCode).toBe(200);
    expect((await status(me)).is_premium).toBe(false);
    expect(google.acknowledged).not.toContain(token);
  });

  it('a license tester’s purchase grants and is recorded as a test purchase', async () => {
    const me = await buildMember(t.app);
    const { token } = google.purchase({ accountToken: await accountToken(me), testPurchase: {} });
    expect((await report(me, token)).statusCode).toBe(200);
    expect((await status(me)).is_premium).toBe(true);
    expect(Boolean((await payments(me.user.id))[0]!.test_purchase)).toBe(true);
  });

  it('the app’s reports and Google’s notification of one purchase, at once: one payment, one period, acknowledged (every round)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const me = await buildMember(t.app);
      const { token } = google.purchase({ accountToken: await accountToken(me) });
      const answers = await Promise.all([report(me, token), report(me, token), notify(PURCHASED, token)]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(await payments(me.user.id)).toHaveLength(1);
      expect(await periods(me.user.id)).toHaveLength(1);
      expect((await status(me)).is_premium).toBe(true);
      expect(google.acknowledged).toContain(token);
    }
  });

  it('config: Google Play needs its package, service account, products and push authentication', () => {
    expect(() => testConfig({ GOOGLE_PLAY_PACKAGE_NAME: PACKAGE })).toThrow(/GOOGLE_PLAY_SERVICE_ACCOUNT[\s\S]*GOOGLE_PLAY_PRODUCTS[\s\S]*GOOGLE_PLAY_PUSH_AUDIENCE/);
    expect(() => testConfig({
      GOOGLE_PLAY_PACKAGE_NAME: PACKAGE, GOOGLE_PLAY_SERVICE_ACCOUNT: '{}', GOOGLE_PLAY_PRODUCTS: 'p/base:premium_9m', GOOGLE_PLAY_PUSH_AUDIENCE: AUDIENCE, GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: PUSHER,
    })).toThrow(/premium_9m/);
    expect(() => testConfig({ GOOGLE_PLAY_PACKAGE_NAME: 'not a package' })).toThrow(/GOOGLE_PLAY_PACKAGE_NAME/);
  });
});

describe('subscriptions: Google Play not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 404 store_not_configured', async () => {
    const user = await buildUser(t.database.db);
    const token = await signIn(t.app, user);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/subscriptions/google/account-token', headers: bearer(token) }),
      await t.app.inject({ method: 'POST', url: '/api/subscriptions/google/purchases', headers: bearer(token), payload: { purchase_token: 'x' } }),
      await t.app.inject({ method: 'POST', url: '/api/webhooks/google', payload: { message: { data: '', messageId: '1' } } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('store_not_configured');
    }
  });
});
