import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreAccountTokenSchema, SubscriptionStatusSchema } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, bearer, buildMember, buildUser, signIn } from './helpers/factories';
import { makeAppStoreChain, type TestAppStoreChain } from './helpers/fake-app-store';
import { testConfig } from '../src/config';

const BUNDLE = 'app.linkup.test';
const DAY = 24 * 60 * 60 * 1000;
const APP_APPLE_ID = 1234567890;

/**
 * Issue 34 item 2: App Store billing. Transactions and notifications are signed with a test chain
 * shaped like Apple's (openssl) and verified by the real SignedDataVerifier against its root; a
 * chain of another root, another bundle or another environment is refused.
 */
describe('subscriptions: Apple App Store transactions and notifications', () => {
  let t: TestApp;
  /** A server configured for the App Store's Production environment. */
  let production: TestApp;
  let chain: TestAppStoreChain;
  let foreign: TestAppStoreChain;
  const accountToken = async (m: Member) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/apple/account-token', headers: bearer(m.token) });
    expect(res.statusCode, res.body).toBe(200);
    return StoreAccountTokenSchema.parse(res.json().data).app_account_token;
  };
  const transaction = (over: Record<string, unknown> = {}) => {
    const now = Date.now();
    return {
      transactionId: randomUUID(), originalTransactionId: randomUUID(), bundleId: BUNDLE, productId: 'app.linkup.premium.1m',
      purchaseDate: now - 1000, originalPurchaseDate: now - 1000, expiresDate: now + 30 * DAY, type: 'Auto-Renewable Subscription',
      inAppOwnershipType: 'PURCHASED', signedDate: now, environment: 'Sandbox', price: 149000, currency: 'ZAR', ...over,
    };
  };
  const postTransaction = (m: Member, signed: string) =>
    t.app.inject({ method: 'POST', url: '/api/subscriptions/apple/transactions', headers: bearer(m.token), payload: { signed_transaction: signed } });
  const notify = (type: string, tx: object, subtype?: string, signer = chain) => {
    const payload = {
      notificationType: type, ...(subtype ? { subtype } : {}), notificationUUID: randomUUID(), version: '2.0', signedDate: Date.now(),
      data: { bundleId: BUNDLE, environment: 'Sandbox', signedTransactionInfo: signer.sign(tx) },
    };
    return signer.sign(payload);
  };
  const postNotification = (signedPayload: string) => t.app.inject({ method: 'POST', url: '/api/webhooks/apple', payload: { signedPayload } });
  const status = async (m: Member) => SubscriptionStatusSchema.parse((await t.app.inject({ method: 'GET', url: '/api/subscription', headers: bearer(m.token) })).json().data);
  const payments = (userId: string) => t.database.db.selectFrom('payments').selectAll().where('user_id', '=', userId).execute();
  const periods = (userId: string) => t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();

  beforeAll(async () => {
    chain = makeAppStoreChain('Test');
    foreign = makeAppStoreChain('Foreign');
    t = await buildTestApp({
      APPLE_BUNDLE_ID: BUNDLE, APPLE_ROOT_CERTIFICATES: chain.rootPath, APPLE_ENVIRONMENT: 'Sandbox',
      APPLE_PRODUCTS: 'app.linkup.premium.1m:premium_1m,app.linkup.premium.12m:premium_12m',
    });
    production = await buildTestApp({
      APPLE_BUNDLE_ID: BUNDLE, APPLE_ROOT_CERTIFICATES: chain.rootPath, APPLE_ENVIRONMENT: 'Production', APPLE_APP_APPLE_ID: String(APP_APPLE_ID),
      APPLE_PRODUCTS: 'app.linkup.premium.1m:premium_1m,app.linkup.premium.12m:premium_12m',
    });
    // Two certificate chains are 18 openssl runs: seconds on a loaded machine.
  }, 90_000);
  afterAll(async () => {
    await production?.close();
    await t?.close();
    chain?.remove();
    foreign?.remove();
  });

  it('issues one account token per member', async () => {
    const me = await buildMember(t.app);
    const plans = await t.app.inject({ method: 'GET', url: '/api/subscription/plans', headers: bearer(me.token) });
    expect(plans.json().data.map((plan: { store_products: unknown }) => plan.store_products)).toEqual([
      { apple: { product_id: 'app.linkup.premium.1m', base_plan_id: null }, google: null },
      { apple: null, google: null },
      { apple: { product_id: 'app.linkup.premium.12m', base_plan_id: null }, google: null },
    ]);
    const first = await accountToken(me);
    expect(await accountToken(me)).toBe(first);
    expect(await accountToken(await buildMember(t.app))).not.toBe(first);
  });

  it('a verified purchase grants the plan until the store expiry, once however often it is sent (restore)', async () => {
    const me = await buildMember(t.app);
    const tx = transaction({ appAccountToken: await accountToken(me) });
    const signed = chain.sign(tx);
    const res = await postTransaction(me, signed);
    expect(res.statusCode, res.body).toBe(200);
    expect(SubscriptionStatusSchema.parse(res.json().data)).toMatchObject({
      is_premium: true, provider: 'apple', premium_until: new Date(tx.expiresDate).toISOString(), renews: true, can_cancel: false,
    });
    expect((await postTransaction(me, signed)).statusCode).toBe(200);
    // The store's notification of the same transaction changes nothing more.
    expect((await postNotification(notify('SUBSCRIBED', tx, 'INITIAL_BUY'))).statusCode).toBe(200);
    expect(await payments(me.user.id)).toEqual([expect.objectContaining({ provider: 'apple', provider_ref: tx.transactionId, amount_cents: 14900, status: 'paid' })]);
    expect(await periods(me.user.id)).toHaveLength(1);
  });

  it("another member's account token, another root, bundle or environment and unknown products are refused", async () => {
    const me = await buildMember(t.app);
    const other = await buildMember(t.app);
    const theirs = chain.sign(transaction({ appAccountToken: await accountToken(other) }));
    const refused = await postTransaction(me, theirs);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('store_transaction_not_yours');

    const mine = await accountToken(me);
    for (const signed of [
      foreign.sign(transaction({ appAccountToken: mine })),
      chain.sign(transaction({ appAccountToken: mine, bundleId: 'com.other.app' })),
      chain.sign(transaction({ appAccountToken: mine, environment: 'Production' })),
      `${chain.sign(transaction({ appAccountToken: mine })).slice(0, -4)}AAAA`,
      'not-a-jws',
    ]) {
      const res = await postTransaction(me, signed);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('store_transaction_invalid');
    }
    const unknown = await postTransaction(me, chain.sign(transaction({ appAccountToken: mine, productId: 'app.linkup.coins' })));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('store_product_unknown');
    expect((await status(me)).is_premium).toBe(false);
    expect(await payments(me.user.id)).toEqual([]);
  });

  it('notifications: a purchase before the app reports it, a renewal, renewal off, a refund of one period, the end', async () => {
    const me = await buildMember(t.app);
    const token = await accountToken(me);
    const first = transaction({ appAccountToken: token });
    expect((await postNotification(notify('SUBSCRIBED', first, 'INITIAL_BUY'))).statusCode).toBe(200);
    expect((await status(me)).premium_until).toBe(new Date(first.expiresDate).toISOString());

    const renewal = transaction({
      appAccountToken: token, originalTransactionId: first.originalTransactionId, purchaseDate: first.expiresDate, expiresDate: first.expiresDate + 30 * DAY,
    });
    const renewed = notify('DID_RENEW', renewal);
    expect((await postNotification(renewed)).statusCode).toBe(200);
    expect((await postNotification(renewed)).statusCode).toBe(200); // replay: nothing more
    expect((await status(me)).premium_until).toBe(new Date(renewal.expiresDate).toISOString());
    expect((await payments(me.user.id)).map((p) => p.kind).sort()).toEqual(['initial', 'renewal']);

    expect((await postNotification(notify('DID_CHANGE_RENEWAL_STATUS', renewal, 'AUTO_RENEW_DISABLED'))).statusCode).toBe(200);
    expect(await status(me)).toMatchObject({ renews: false, can_resume: false });

    // A refund of the renewal ends only the renewal's period: the first one still runs.
    expect((await postNotification(notify('REFUND', { ...renewal, revocationDate: Date.now() }))).statusCode).toBe(200);
    expect((await status(me)).premium_until).toBe(new Date(first.expiresDate).toISOString());
    expect((await payments(me.user.id)).find((p) => p.provider_ref === renewal.transactionId)?.status).toBe('refunded');

    expect((await postNotification(notify('EXPIRED', renewal, 'VOLUNTARY'))).statusCode).toBe(200);
    const billing = await t.database.db.selectFrom('billing_subscriptions').selectAll().where('user_id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(billing.status).toBe('ended');
  });

  it("the app's report and the store's notification of one purchase, at once: one payment, one period (every round)", async () => {
    for (let round = 0; round < 5; round += 1) {
      const me = await buildMember(t.app);
      const tx = transaction({ appAccountToken: await accountToken(me) });
      const [fromApp, fromStore] = await Promise.all([postTransaction(me, chain.sign(tx)), postNotification(notify('SUBSCRIBED', tx, 'INITIAL_BUY'))]);
      expect([fromApp.statusCode, fromStore.statusCode]).toEqual([200, 200]);
      expect(await payments(me.user.id)).toHaveLength(1);
      expect(await periods(me.user.id)).toHaveLength(1);
      expect((await status(me)).premium_until).toBe(new Date(tx.expiresDate).toISOString());
    }
  });

  it('a notification signed by another root or for another app is 400 and changes nothing', async () => {
    const me = await buildMember(t.app);
    const tx = transaction({ appAccountToken: await accountToken(me) });
    const foreignRes = await postNotification(notify('SUBSCRIBED', tx, 'INITIAL_BUY', foreign));
    expect(foreignRes.statusCode).toBe(400);
    expect(foreignRes.json().code).toBe('webhook_signature_invalid');
    const otherApp = chain.sign({
      notificationType: 'SUBSCRIBED', notificationUUID: randomUUID(), version: '2.0', signedDate: Date.now(),
      data: { bundleId: 'com.other.app', environment: 'Sandbox', signedTransactionInfo: chain.sign({ ...tx, bundleId: 'com.other.app' }) },
    });
    expect((await postNotification(otherApp)).statusCode).toBe(400);
    expect((await postNotification('not-a-jws')).statusCode).toBe(400);
    expect((await postNotification('')).statusCode).toBe(422); // the body's shape: validation, never a 500
    expect((await status(me)).is_premium).toBe(false);
  });

  it('a production server takes App Review’s sandbox purchases as test purchases, and production ones as revenue', async () => {
    const reviewer = await buildUser(production.database.db);
    const session = await signIn(production.app, reviewer);
    const tokenRes = await production.app.inject({ method: 'GET', url: '/api/subscriptions/apple/account-token', headers: bearer(session) });
    const appAccountToken = StoreAccountTokenSchema.parse(tokenRes.json().data).app_account_token;
    const post = (signed: string) =>
      production.app.inject({ method: 'POST', url: '/api/subscriptions/apple/transactions', headers: bearer(session), payload: { signed_transaction: signed } });
    const paymentsHere = () => production.database.db.selectFrom('payments').selectAll().where('user_id', '=', reviewer.id).execute();

    const sandbox = transaction({ appAccountToken, environment: 'Sandbox' });
    const res = await post(chain.sign(sandbox));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ is_premium: true, provider: 'apple' });
    expect((await paymentsHere()).map((p) => [p.provider_ref, Boolean(p.test_purchase)])).toEqual([[sandbox.transactionId, true]]);

    // The sandbox's notification of its renewal (no app id in sandbox notifications) is taken too, as a test purchase.
    const renewal = transaction({ appAccountToken, originalTransactionId: sandbox.originalTransactionId, environment: 'Sandbox', expiresDate: sandbox.expiresDate + DAY });
    const notification = chain.sign({
      notificationType: 'DID_RENEW', notificationUUID: randomUUID(), version: '2.0', signedDate: Date.now(),
      data: { bundleId: BUNDLE, environment: 'Sandbox', signedTransactionInfo: chain.sign(renewal) },
    });
    expect((await production.app.inject({ method: 'POST', url: '/api/webhooks/apple', payload: { signedPayload: notification } })).statusCode).toBe(200);

    const real = transaction({ appAccountToken, originalTransactionId: sandbox.originalTransactionId, environment: 'Production', expiresDate: sandbox.expiresDate + 2 * DAY });
    expect((await post(chain.sign(real))).statusCode).toBe(200);
    const byRef = new Map((await paymentsHere()).map((p) => [p.provider_ref, Boolean(p.test_purchase)]));
    expect(Object.fromEntries(byRef)).toEqual({ [sandbox.transactionId]: true, [renewal.transactionId]: true, [real.transactionId]: false });

    // The fallback is for the environment only: another app, another root or a broken signature stay refused.
    for (const signed of [
      chain.sign(transaction({ appAccountToken, environment: 'Sandbox', bundleId: 'com.other.app' })),
      foreign.sign(transaction({ appAccountToken, environment: 'Sandbox' })),
      chain.sign(transaction({ appAccountToken, environment: 'Xcode' })),
    ]) {
      const refused = await post(signed);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe('store_transaction_invalid');
    }
    const otherAppsNotification = chain.sign({
      notificationType: 'DID_RENEW', notificationUUID: randomUUID(), version: '2.0', signedDate: Date.now(),
      data: { bundleId: BUNDLE, appAppleId: 999, environment: 'Production', signedTransactionInfo: chain.sign({ ...real, transactionId: randomUUID() }) },
    });
    expect((await production.app.inject({ method: 'POST', url: '/api/webhooks/apple', payload: { signedPayload: otherAppsNotification } })).statusCode).toBe(400);
  });

  it('config: the App Store needs its bundle id, root certificates and products; Production needs the app id', () => {
    expect(() => testConfig({ APPLE_BUNDLE_ID: BUNDLE })).toThrow(/APPLE_ROOT_CERTIFICATES/);
    expect(() => testConfig({ APPLE_BUNDLE_ID: BUNDLE, APPLE_ROOT_CERTIFICATES: chain.rootPath, APPLE_PRODUCTS: 'p:premium_1m' })).toThrow(/APPLE_APP_APPLE_ID/);
    expect(() => testConfig({ APPLE_BUNDLE_ID: BUNDLE, APPLE_ROOT_CERTIFICATES: chain.rootPath, APPLE_PRODUCTS: 'p:premium_9m', APPLE_ENVIRONMENT: 'Sandbox' })).toThrow(/premium_9m/);
    expect(() => testConfig({ APPLE_ENVIRONMENT: 'Xcode' })).toThrow(/APPLE_ENVIRONMENT/);
  });
});
