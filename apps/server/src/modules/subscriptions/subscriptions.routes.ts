import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppleNotificationBodySchema, AppleTransactionBodySchema, CheckoutBodySchema, GooglePurchaseBodySchema, PubSubPushBodySchema, STORES, CheckoutResultSchema, StoreAccountTokenSchema, PAYMENT_PROVIDERS, PaymentStatusResultSchema, PlanSchema, PortalResultSchema, SUBSCRIPTION_MESSAGES,
  SubscriptionStatusSchema, envelope,
} from '@linkup/contract';
import { z } from 'zod';
import { IdParams, bearerAuth, currentMember, perMember } from '../../lib/routes';

const secured = bearerAuth('subscriptions');

/** Plans, checkout, the member's subscription and payments (issue 15). */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { subscriptions } = app.services;


  app.get('/subscription/plans', {
    onRequest: app.authenticate, schema: { ...secured, summary: 'The premium plans on sale', response: { 200: envelope(z.array(PlanSchema)) } },
  }, async () => ({ success: true as const, data: subscriptions.plans() }));

  app.get('/subscription', {
    onRequest: app.authenticate, schema: { ...secured, summary: 'My premium: free or premium, plan, until when, renews or ends, payment history', response: { 200: envelope(SubscriptionStatusSchema) } },
  }, async (request) => ({ success: true as const, data: await subscriptions.status(currentMember(request).user.id) }));

  app.post('/subscription/checkout', {
    onRequest: app.authenticate, schema: { ...secured, summary: "Start paying for a plan: a pending payment and the provider's checkout page", body: CheckoutBodySchema, response: { 201: envelope(CheckoutResultSchema) } },
    config: perMember(10),
  }, async (request, reply) => {
    const data = await subscriptions.checkout(currentMember(request).user.id, request.body.plan_id);
    return reply.status(201).send({ success: true as const, data });
  });

  app.post('/subscription/cancel', {
    onRequest: app.authenticate, schema: { ...secured, summary: 'Cancel at the end of the current period (premium lasts until then)', response: { 200: envelope(SubscriptionStatusSchema) } },
    config: perMember(10),
  }, async (request) => ({
    success: true as const, data: await subscriptions.setRenewal(currentMember(request).user.id, true), message: SUBSCRIPTION_MESSAGES.cancelled,
  }));

  app.post('/subscription/resume', {
    onRequest: app.authenticate, schema: { ...secured, summary: 'Renew again after a cancel, before the period ends', response: { 200: envelope(SubscriptionStatusSchema) } },
    config: perMember(10),
  }, async (request) => ({
    success: true as const, data: await subscriptions.setRenewal(currentMember(request).user.id, false), message: SUBSCRIPTION_MESSAGES.resumed,
  }));

  app.post('/subscription/portal', {
    onRequest: app.authenticate, schema: { ...secured, summary: "The provider's page for changing the card (Stripe customer portal)", response: { 200: envelope(PortalResultSchema) } },
    config: perMember(10),
  }, async (request) => ({ success: true as const, data: { url: await subscriptions.portalUrl(currentMember(request).user.id) } }));

  app.get('/payments/:id', {
    onRequest: app.authenticate, schema: { ...secured, summary: 'The status of one of my payments (return and check pages)', params: IdParams, response: { 200: envelope(PaymentStatusResultSchema) } },
  }, async (request) => ({ success: true as const, data: await subscriptions.payment(currentMember(request).user.id, request.params.id) }));

  app.get('/subscriptions/:store/account-token', {
    onRequest: app.authenticate,
    schema: {
      ...secured, summary: "My store account token (StoreKit appAccountToken, Play Billing obfuscatedAccountId): ties my store purchases to me; 404 when that store isn't configured",
      params: z.object({ store: z.enum(STORES) }), response: { 200: envelope(StoreAccountTokenSchema) },
    },
  }, async (request) => ({
    success: true as const, data: { app_account_token: await subscriptions.storeAccountToken(currentMember(request).user.id, request.params.store) },
  }));

  app.post('/subscriptions/apple/transactions', {
    onRequest: app.authenticate,
    schema: { ...secured, summary: 'A StoreKit 2 signed transaction after a purchase or restore (verified; each applied once)', body: AppleTransactionBodySchema, response: { 200: envelope(SubscriptionStatusSchema) } },
    config: perMember(30),
  }, async (request) => ({ success: true as const, data: await subscriptions.appleTransaction(currentMember(request).user.id, request.body.signed_transaction) }));

  app.post('/webhooks/apple', {
    schema: {
      tags: ['subscriptions'], summary: 'App Store Server Notifications v2 (signed payload verified; each notification applied once)',
      body: AppleNotificationBodySchema, response: { 200: envelope(z.object({ received: z.literal(true) })) },
    },
  }, async (request) => {
    await subscriptions.appleNotification(request.body.signedPayload);
    return { success: true as const, data: { received: true as const } };
  });

  app.post('/subscriptions/google/purchases', {
    onRequest: app.authenticate,
    schema: { ...secured, summary: 'A Play Billing purchase token after a purchase or restore (checked with Google; each order applied once)', body: GooglePurchaseBodySchema, response: { 200: envelope(SubscriptionStatusSchema) } },
    config: perMember(30),
  }, async (request) => ({ success: true as const, data: await subscriptions.googlePurchase(currentMember(request).user.id, request.body.purchase_token) }));

  app.post('/webhooks/google', {
    schema: {
      tags: ['subscriptions'], summary: 'Google Play Real-time developer notifications (Pub/Sub push; OIDC token verified; state fetched from Google; each message applied once)',
      body: PubSubPushBodySchema, response: { 200: envelope(z.object({ received: z.literal(true) })) },
    },
  }, async (request) => {
    await subscriptions.googleNotification(request.headers.authorization, request.body.message);
    return { success: true as const, data: { received: true as const } };
  });

  // Webhooks: the signature is over the raw body, so this scope keeps bodies as bytes.
  await app.register(async (scope) => {
    const hooks = scope.withTypeProvider<ZodTypeProvider>();
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

    hooks.post('/payments/webhooks/:provider', {
      schema: {
        tags: ['subscriptions'], summary: 'Payment provider events (signature verified; each event applied once)',
        params: z.object({ provider: z.enum(PAYMENT_PROVIDERS) }), response: { 200: envelope(z.object({ received: z.literal(true) })) },
      },
    }, async (request) => {
      await subscriptions.receiveWebhook(request.params.provider, request.body as Buffer, request.headers);
      return { success: true as const, data: { received: true as const } };
    });
  });
};
