import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/**
 * Premium you can buy (issue 15): plans, checkout through a payments provider (the built-in
 * sandbox or Stripe), the member's subscription and payments. Entitlement comes only from the
 * provider's verified webhooks, never from the return URL.
 */

/** Where premium was bought: the web checkout (`sandbox`, `stripe`) or an app store (`apple`, `google`; issue 34). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'apple', 'google'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What premium gives, in the order the subscription page lists it. */
export const PREMIUM_FEATURES = [
  { key: 'unlimited_likes', title: 'Unlimited likes', free: 'A daily limit' },
  { key: 'super_likes', title: '5 super likes a day', free: '1 a day' },
  { key: 'undo', title: 'Undo your last swipe', free: '—' },
  { key: 'boost', title: 'A profile boost every week', free: '—' },
  { key: 'likes', title: 'See who likes you', free: 'Blurred' },
  { key: 'visitors', title: 'See who visited your profile', free: 'Blurred' },
  { key: 'no_ads', title: 'No ads in the mobile app', free: 'Ads' },
] as const;

/** A plan on sale. Prices in the currency's minor unit (cents). */
/**
 * A plan's product in an app store (issue 34): what the app buys through StoreKit (`product_id`)
 * or Play Billing (`product_id` and its `base_plan_id`).
 */
export const StoreProductSchema = z.object({ product_id: z.string().min(1), base_plan_id: z.string().min(1).nullable() });
export type StoreProduct = z.infer<typeof StoreProductSchema>;

export const PlanSchema = z.object({
  id: IdSchema,
  name: z.string(),
  months: z.number().int().min(1),
  price_cents: z.number().int().min(0),
  currency: z.string().length(3),
  price_per_month_cents: z.number().int().min(0),
  /** Percent saved against paying the shortest plan month by month (0 for that plan). */
  savings_percent: z.number().int().min(0).max(100),
  /** The plan's product in each store configured here (null: not sold through that store). */
  store_products: z.object({ apple: StoreProductSchema.nullable(), google: StoreProductSchema.nullable() }),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PaymentSchema = z.object({
  id: IdSchema,
  plan_id: IdSchema,
  kind: z.enum(['initial', 'renewal']),
  amount_cents: z.number().int().min(0),
  currency: z.string().length(3),
  status: z.enum(PAYMENT_STATUSES),
  created_at: TimestampSchema,
  paid_at: TimestampSchema.nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** `GET /subscription`: free or premium, and how premium goes on. */
export const SubscriptionStatusSchema = z.object({
  is_premium: z.boolean(),
  /** The plan of the member's paid subscription (null when free or premium was granted). */
  plan: PlanSchema.nullable(),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  /** When premium ends unless renewed. */
  premium_until: TimestampSchema.nullable(),
  /** Renews at `premium_until` (false once cancelled; resume turns it back on). */
  renews: z.boolean(),
  /** A renewal failed: premium lasts until `premium_until` (the grace) unless a payment succeeds. */
  in_grace: z.boolean(),
  can_cancel: z.boolean(),
  can_resume: z.boolean(),
  /** The provider's page for card changes (Stripe's customer portal), when there is one. */
  has_portal: z.boolean(),
  payments: z.array(PaymentSchema),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const CheckoutBodySchema = z.object({ plan_id: IdSchema });
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

export const CheckoutResultSchema = z.object({ payment_id: IdSchema, checkout_url: z.string() });
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

export const PortalResultSchema = z.object({ url: z.string() });

/** The status of one payment, for the return and check pages. */
export const PaymentStatusResultSchema = PaymentSchema.extend({ is_premium: z.boolean(), premium_until: TimestampSchema.nullable() });
export type PaymentStatusResult = z.infer<typeof PaymentStatusResultSchema>;

/** How the return page polls `GET /payments/{id}`: first wait, growth factor, longest wait, give up after. */
export const PAYMENT_POLL = { firstMs: 1000, factor: 1.5, maxMs: 5000, timeoutMs: 60_000 } as const;

/** Days premium lasts after a failed renewal before it ends. */
export const RENEWAL_GRACE_DAYS = 3;

export const SUBSCRIPTION_MESSAGES = {
  planNotFound: 'Plan not found.',
  paymentNotFound: 'Payment not found.',
  noSubscription: 'You have no subscription to change.',
  alreadySubscribed: 'You already have a subscription that renews. Manage it on the Premium page.',
  cancelled: 'Your subscription will end at the end of the current period.',
  resumed: 'Your subscription will renew.',
  noPortal: 'Card changes are not available for this subscription.',
  providerUnavailable: 'Payments are unavailable right now. Please try again later.',
  badSignature: 'Invalid webhook signature.',
  storeNotConfigured: 'Purchases through this store are not available.',
  storeTransactionInvalid: 'This purchase could not be verified.',
  storeTransactionNotYours: 'This purchase belongs to another account.',
  storeProductUnknown: 'This product is not a LinkUp Premium plan.',
  storeNotificationForeign: 'This notification is about another app.',
} as const;

/** The stores the apps sell through (issue 34). */
export const STORES = ['apple', 'google'] as const;
export type Store = (typeof STORES)[number];

/**
 * `GET /subscriptions/{store}/account-token`: the member's token, one for both stores, that the app
 * passes to StoreKit as `appAccountToken` or to Play Billing as `obfuscatedAccountId` (issue 34).
 */
export const StoreAccountTokenSchema = z.object({ app_account_token: z.uuid() });
export type StoreAccountToken = z.infer<typeof StoreAccountTokenSchema>;

/** `POST /subscriptions/apple/transactions`: a StoreKit 2 signed transaction (JWS), after a purchase or a restore. */
export const AppleTransactionBodySchema = z.object({ signed_transaction: z.string().min(1).max(20_000) });
export type AppleTransactionBody = z.infer<typeof AppleTransactionBodySchema>;

/** `POST /webhooks/apple`: an App Store Server Notification v2. */
export const AppleNotificationBodySchema = z.object({ signedPayload: z.string().min(1).max(100_000) });

/** `POST /subscriptions/google/purchases`: a Play Billing purchase token, after a purchase or a restore. */
export const GooglePurchaseBodySchema = z.object({ purchase_token: z.string().min(1).max(4096).regex(/^[A-Za-z0-9._~:-]+$/, 'Not a purchase token.') });
export type GooglePurchaseBody = z.infer<typeof GooglePurchaseBodySchema>;

/** `POST /webhooks/google`: a Pub/Sub push of a Google Play Real-time developer notification (its data is base64 JSON). */
export const PubSubPushBodySchema = z.object({
  message: z.object({
    data: z.string().max(65_536).regex(/^[A-Za-z0-9+/=_-]*$/, 'Not base64.'),
    messageId: z.string().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/, 'Not a message id.'),
  }).loose(),
  subscription: z.string().max(512).optional(),
});
export type PubSubPushBody = z.infer<typeof PubSubPushBodySchema>;

/** Texts of the subscription and payment pages. */
export const PREMIUM_TEXTS = {
  processing: 'Processing your payment…',
  paid: 'Payment successful — welcome to Premium!',
  failed: 'Your payment was declined.',
  cancelled: 'Payment cancelled.',
  refunded: 'This payment was refunded.',
  /** The result page's title says the outcome (issue 32); while pending it is the route's title. */
  outcomeTitles: { paid: 'Payment successful', failed: 'Payment declined', cancelled: 'Payment cancelled', refunded: 'Payment refunded' },
  backToPremium: 'Back to Premium',
  timeout: 'We have not heard back about your payment yet. You can check again in a moment.',
  continueToPayment: 'Continue to payment',
  tryAgain: 'Try again',
  checkAgain: 'Check again',
  choosePlan: 'Choose a plan',
  free: 'Free',
  premium: 'Premium',
  cancel: 'Cancel subscription',
  resume: 'Resume subscription',
  portal: 'Change card',
  history: 'Payment history',
  noHistory: 'No payments yet.',
  /** A native build whose store is not configured (VITE_STORE_BILLING_*): it sells nothing (issue 34 item 2). */
  notInApp: 'Premium can’t be bought in the app yet.',
  /** Store billing in the native apps (issue 34 item 2). */
  subscribe: 'Subscribe',
  restore: 'Restore purchases',
  restored: 'Your purchases are restored.',
  nothingToRestore: 'No purchases to restore.',
  purchasePending: 'Your purchase is waiting for payment. Premium starts as soon as the store confirms it.',
  manageInStore: { apple: 'Manage in the App Store', google: 'Manage in Google Play' },
  /** What a store subscription means (the stores ask for it next to the purchase button). */
  storeTerms: {
    apple: 'Payment is charged to your Apple Account when you confirm. Premium renews automatically at the same price unless you turn renewal off at least 24 hours before the period ends. Manage or cancel it in your App Store account settings.',
    google: 'Payment is charged to your Google Play account when you confirm. Premium renews automatically at the same price until you cancel. Manage or cancel it in Google Play’s subscriptions.',
  },
  terms: 'Premium renews automatically at the same price until you cancel. Cancel any time: premium lasts until the end of the period you paid for. Payments are processed by our payment provider; we never see your card number.',
} as const;

/** The socket event on the member's own channel when premium starts, renews or ends. */
export const PremiumChangedPayloadSchema = z.object({ is_premium: z.boolean(), premium_until: TimestampSchema.nullable() });
export type PremiumChangedPayload = z.infer<typeof PremiumChangedPayloadSchema>;
