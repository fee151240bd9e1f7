import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isLoopback } from './lib/loopback';
import { VERIFICATION_LIMITS, VERIFICATION_POSES } from '@linkup/contract';

/** The repository root, so relative paths in config mean the same from any working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const csv = z.string().transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * Every setting the server reads, with its default. `.env.example` documents each one; the docs
 * check (docs/check-env.test.ts) fails when the two drift apart.
 */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Default: this machine only (127.0.0.1) in development and test, every interface in production. */
    HOST: z.preprocess(emptyToUndefined, z.string().optional()),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional()),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z.preprocess(emptyToUndefined, z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional()),
    REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:._-]{1,64}$/, 'letters, digits and : . _ - only').default('linkup:'),
    CORS_ORIGINS: z.preprocess(emptyToUndefined, csv.optional()),
    TRUST_PROXY: bool.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    WEB_DIST_DIR: z.string().default('apps/web/dist'),
    DEFAULT_PHONE_REGION: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter region code').default('ZA'),
    APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    OTP_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    OTP_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    OTP_HOURLY_LIMIT_PER_NUMBER: z.coerce.number().int().min(1).default(5),
    OTP_DAILY_LIMIT_PER_NUMBER: z.coerce.number().int().min(1).default(10),
    OTP_DAILY_LIMIT_PER_NUMBER_TOTAL: z.coerce.number().int().min(1).default(20),
    OTP_HOURLY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
    OTP_DAILY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    LOGIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
    EMAIL_VERIFICATION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
    WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
    WHATSAPP_PHONE_NUMBER_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\d+$/, 'must be numeric').optional()),
    WHATSAPP_ACCESS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(10).optional()),
    WHATSAPP_OTP_TEMPLATE: z.string().min(1).default('linkup_otp'),
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('en'),
    SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
    MAIL_FROM: z.string().min(3).default('LinkUp <no-reply@linkup.app>'),
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    SOCKET_CONNECTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(10),
    PHOTO_MAX_BYTES: z.coerce.number().int().min(100_000).default(40 * 1024 * 1024),
    PHOTO_MAX_PIXELS: z.coerce.number().int().min(1_000_000).max(210_000_000).default(210_000_000),
    /** Issue 33: photos (and verification selfies) in an S3-compatible bucket; all four of bucket, region and keys, or none (local disk). */
    S3_BUCKET: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 lower-case letters, digits, . and -)').optional()),
    /** The store's URL when it is not AWS (MinIO, R2, s3rver…); unset: AWS's endpoint for S3_REGION. */
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL').optional()),
    S3_REGION: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9-]{2,40}$/, 'must be a region name like eu-west-1 (us-east-1 for MinIO)').optional()),
    S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    /** Bucket in the path (https://host/bucket/key) instead of the host name: MinIO and most self-hosted stores need it. */
    S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, bool.optional()),
    REPORTS_PER_DAY: z.coerce.number().int().min(1).default(10),
    /** Issue 30: where critical reports (underage, threats) are e-mailed at once; none when unset. */
    MODERATION_ALERT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    /** Issue 30: what the 1st, 2nd, 3rd… strike brings (warn, suspend:<days>, ban); the last step repeats. */
    MODERATION_STRIKE_LADDER: z.string().regex(/^(warn|ban|suspend:\d{1,3})(,(warn|ban|suspend:\d{1,3}))*$/, 'warn, suspend:<days> or ban, comma-separated').default('warn,suspend:7,ban'),
    FIRST_MESSAGES_PER_DAY: z.coerce.number().int().min(1).default(10),
    FIRST_MESSAGES_PER_DAY_NEW_ACCOUNT: z.coerce.number().int().min(1).default(3),
    FIRST_MESSAGES_PER_DAY_VERIFIED: z.coerce.number().int().min(1).default(30),
    SUPPORT_EMAIL: z.email().default('support@linkup.app'),
    SUPPORT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(5),
    FREE_DAILY_LIKES: z.coerce.number().int().min(1).default(25),
    FREE_DAILY_SUPER_LIKES: z.coerce.number().int().min(0).default(1),
    PREMIUM_DAILY_SUPER_LIKES: z.coerce.number().int().min(0).default(5),
    BOOST_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
    PASS_RESURFACE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    DISCOVER_QUEUE: z.preprocess(emptyToUndefined, bool.optional()),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    LOCATION_CHANGES_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    SEED_DEMO_DATA: z.preprocess(emptyToUndefined, bool.optional()),
    DEMO_MEMBER_COUNT: z.coerce.number().int().min(0).max(5000).default(200),
    PREMIUM_PLANS: z
      .string()
      .regex(/^[a-z0-9_]{1,32}:\d{1,2}:\d{1,9}(,[a-z0-9_]{1,32}:\d{1,2}:\d{1,9})*$/, 'must be id:months:price_cents[,…]')
      .default('premium_1m:1:14900,premium_3m:3:34900,premium_12m:12:99900'),
    PREMIUM_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code').default('ZAR'),
    STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('sk_', 'must be a Stripe secret key (sk_…)').optional()),
    STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().startsWith('whsec_', 'must be a Stripe webhook secret (whsec_…)').optional()),
    STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    APPLE_BUNDLE_ID: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9.-]{1,155}$/, 'must be a bundle id (app.linkup)').optional()),
    APPLE_ROOT_CERTIFICATES: z.preprocess(emptyToUndefined, z.string().optional()),
    APPLE_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
    APPLE_APP_APPLE_ID: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
    APPLE_PRODUCTS: z.preprocess(emptyToUndefined, z.string()
      .regex(/^[A-Za-z0-9._-]{1,100}:[a-z0-9_]{1,32}(,[A-Za-z0-9._-]{1,100}:[a-z0-9_]{1,32})*$/, 'must be productId:plan_id[,…]').optional()),
    GOOGLE_PLAY_PACKAGE_NAME: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, 'must be an Android package name (app.linkup)').optional()),
    GOOGLE_PLAY_SERVICE_ACCOUNT: z.preprocess(emptyToUndefined, z.string().optional()),
    GOOGLE_PLAY_PRODUCTS: z.preprocess(emptyToUndefined, z.string()
      .regex(/^[a-z0-9._]{1,100}\/[a-z0-9-]{1,63}:[a-z0-9_]{1,32}(,[a-z0-9._]{1,100}\/[a-z0-9-]{1,63}:[a-z0-9_]{1,32})*$/, 'must be productId/basePlanId:plan_id[,…]').optional()),
    GOOGLE_PLAY_API_URL: z.url().default('https://androidpublisher.googleapis.com'),
    GOOGLE_PLAY_PUSH_AUDIENCE: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
    GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: z.preprocess(emptyToUndefined, z.email().optional()),
    GOOGLE_PLAY_PUSH_CERTS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    VAPID_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key (web-push generate-vapid-keys)').optional()),
    VAPID_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key').optional()),
    VAPID_SUBJECT: z.preprocess(emptyToUndefined, z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address').optional()),
    FCM_SERVICE_ACCOUNT: z.preprocess(emptyToUndefined, z.string().optional()),
    FCM_API_URL: z.url().default('https://fcm.googleapis.com'),
    PUSH_RETRY_BASE_MS: z.coerce.number().int().min(1).max(600_000).default(2_000),
    PUSH_COLLAPSE_MINUTES: z.coerce.number().int().min(0).max(60).default(5),
    NOTIFICATION_JOB_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
    TEST_ONLY_LOOPBACK_PUSH_SERVICE: z.preprocess(emptyToUndefined, bool.optional()),
    /** Issue 31, tests only: the poses of every verification challenge (e.g. smile,mouth_open for a fake camera's one image). */
    TEST_ONLY_VERIFICATION_POSES: z.preprocess(emptyToUndefined, z.string()
      .transform((value) => value.split(',').map((p) => p.trim()))
      .pipe(z.array(z.enum(VERIFICATION_POSES)).length(VERIFICATION_LIMITS.posesPerChallenge, 'must name two poses, e.g. smile,mouth_open')
        .refine((poses) => new Set(poses).size === poses.length, 'must name two different poses'))
      .optional()),
    API_DOCS: z.preprocess(emptyToUndefined, bool.optional()),
    /** Issue 33: the drain on SIGTERM/SIGINT ends within this; the deploy manifests give at least as much. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).default(10_000),
    /** Issue 33: answer 503 (load shedding) while the event loop lags more than this; 0 turns it off (the default outside production). */
    MAX_EVENT_LOOP_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
    /** Issue 33: real-time events kept in the Redis stream, so a socket reconnecting elsewhere within 2 minutes gets what it missed. */
    REALTIME_STREAM_MAX_LEN: z.coerce.number().int().min(1_000).default(100_000),
    /** Issue 33: the bearer token of GET /metrics (Prometheus); unset, /metrics does not exist. */
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    ANDROID_CERT_FINGERPRINTS: z.preprocess(
      emptyToUndefined,
      csv.pipe(z.array(z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/i, 'must be SHA-256 fingerprints like AB:CD:…'))).optional(),
    ),
    APPLE_TEAM_ID: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team id').optional()),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together' });
    }
  })
  .transform((env) => {
    const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR);
    const production = env.NODE_ENV === 'production';
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      env: env.NODE_ENV,
      isProduction: production,
      host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
      port: env.PORT,
      publicUrl,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      databasePoolMax: env.DATABASE_POOL_MAX,
      redisUrl: env.REDIS_URL,
      redisKeyPrefix: env.REDIS_KEY_PREFIX,
      // The native app's web view: iOS (capacitor://localhost) and Android (https://localhost, androidScheme https).
      corsOrigins: env.CORS_ORIGINS ?? [publicUrl, 'capacitor://localhost', 'https://localhost', 'http://localhost'],
      trustProxy: env.TRUST_PROXY,
      logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
      webDistDir: path.resolve(REPO_ROOT, env.WEB_DIST_DIR),
      defaultPhoneRegion: env.DEFAULT_PHONE_REGION.toUpperCase(),
      sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
      rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
      seedDemoData: env.SEED_DEMO_DATA ?? !production,
      demoMemberCount: env.DEMO_MEMBER_COUNT,
      shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
      // Off outside production: a development or test machine's start-up (compiling TypeScript) and
      // busy neighbours lag the loop for seconds, and nothing there needs shedding.
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS ?? (production ? 1_000 : 0),
      realtimeStreamMaxLen: env.REALTIME_STREAM_MAX_LEN,
      metricsToken: env.METRICS_TOKEN,
      appSecret: env.APP_SECRET,
      otp: {
        ttlMs: env.OTP_TTL_SECONDS * 1000,
        maxAttempts: env.OTP_MAX_ATTEMPTS,
        resendCooldownMs: env.OTP_RESEND_COOLDOWN_SECONDS * 1000,
        hourlyPerNumber: env.OTP_HOURLY_LIMIT_PER_NUMBER,
        dailyPerNumber: env.OTP_DAILY_LIMIT_PER_NUMBER,
        dailyPerNumberTotal: env.OTP_DAILY_LIMIT_PER_NUMBER_TOTAL,
        hourlyPerIp: env.OTP_HOURLY_LIMIT_PER_IP,
        dailyPerIp: env.OTP_DAILY_LIMIT_PER_IP,
      },
      authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
      chatMessagesPerMinute: env.CHAT_MESSAGES_PER_MINUTE,
      socketConnectsPerMinute: env.SOCKET_CONNECTS_PER_MINUTE,
      socketsPerMember: env.SOCKETS_PER_MEMBER,
      photos: { maxBytes: env.PHOTO_MAX_BYTES, maxPixels: env.PHOTO_MAX_PIXELS },
      /** Issue 33: the S3-compatible store of photos and selfies when any S3_ setting is given (checked complete below), else local disk. */
      s3: env.S3_BUCKET || env.S3_ENDPOINT || env.S3_REGION || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY || env.S3_FORCE_PATH_STYLE !== undefined
        ? {
            bucket: env.S3_BUCKET ?? '',
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION ?? '',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
          }
        : undefined,
      reportsPerDay: env.REPORTS_PER_DAY,
      moderation: { alertEmail: env.MODERATION_ALERT_EMAIL ?? null, strikeLadder: env.MODERATION_STRIKE_LADDER.split(',') },
      /** New conversations a member may start a day, by trust tier (issue 29; chat.policy.ts). */
      firstMessages: {
        perDay: env.FIRST_MESSAGES_PER_DAY,
        newAccountPerDay: env.FIRST_MESSAGES_PER_DAY_NEW_ACCOUNT,
        verifiedPerDay: env.FIRST_MESSAGES_PER_DAY_VERIFIED,
      },
      locationChangesPerDay: env.LOCATION_CHANGES_PER_DAY,
      matching: {
        freeDailyLikes: env.FREE_DAILY_LIKES,
        freeDailySuperLikes: env.FREE_DAILY_SUPER_LIKES,
        premiumDailySuperLikes: env.PREMIUM_DAILY_SUPER_LIKES,
        boostMs: env.BOOST_MINUTES * 60_000,
        passResurfaceMs: env.PASS_RESURFACE_DAYS * 24 * 60 * 60 * 1000,
        /** Serve discover pages from a per-member ranked queue (off: every page is the direct query). */
        discoverQueue: env.DISCOVER_QUEUE ?? true,
      },
      support: { email: env.SUPPORT_EMAIL, messagesPerHour: env.SUPPORT_MESSAGES_PER_HOUR },
      loginFailureLimit: env.LOGIN_FAILURE_LIMIT,
      emailVerificationTtlMs: env.EMAIL_VERIFICATION_TTL_HOURS * 60 * 60 * 1000,
      passwordResetTtlMs: env.PASSWORD_RESET_TTL_MINUTES * 60 * 1000,
      whatsapp: env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_ACCESS_TOKEN
        ? {
            apiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, ''),
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: env.WHATSAPP_ACCESS_TOKEN,
            otpTemplate: env.WHATSAPP_OTP_TEMPLATE,
            templateLanguage: env.WHATSAPP_TEMPLATE_LANGUAGE,
          }
        : undefined,
      smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
      appLinks: {
        androidCertFingerprints: (env.ANDROID_CERT_FINGERPRINTS ?? []).map((f) => f.toUpperCase()),
        appleTeamId: env.APPLE_TEAM_ID,
      },
      premium: {
        currency: env.PREMIUM_CURRENCY,
        plans: env.PREMIUM_PLANS.split(',').map((entry) => {
          const [id = '', months = '1', price = '0'] = entry.split(':');
          return { id, months: Number(months), price_cents: Number(price), currency: env.PREMIUM_CURRENCY, name: Number(months) === 1 ? '1 month' : `${months} months` };
        }),
      },
      push: {
        vapid: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : undefined,
        vapidSubject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
        fcmServiceAccount: env.FCM_SERVICE_ACCOUNT,
        fcmApiUrl: env.FCM_API_URL.replace(/\/+$/, ''),
        retryBaseMs: env.PUSH_RETRY_BASE_MS,
        collapseMs: env.PUSH_COLLAPSE_MINUTES * 60_000,
        jobIntervalMs: env.NOTIFICATION_JOB_INTERVAL_MS,
        /** Tests only: Web Push endpoints on this machine (a local fake push service); refused in production. */
        testOnlyLoopbackService: env.TEST_ONLY_LOOPBACK_PUSH_SERVICE ?? false,
      },
      verification: {
        /** Tests only: every challenge asks these poses instead of two at random; refused in production. */
        testOnlyPoses: env.TEST_ONLY_VERIFICATION_POSES ?? null,
      },
      /** The OpenAPI document and its UI at /api/docs: on outside production unless API_DOCS says otherwise. */
      apiDocs: env.API_DOCS ?? !production,
      stripe: env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
        : undefined,
      /** Apple's App Store (issue 34): on when APPLE_BUNDLE_ID, APPLE_ROOT_CERTIFICATES and APPLE_PRODUCTS are set. */
      apple: env.APPLE_BUNDLE_ID || env.APPLE_ROOT_CERTIFICATES || env.APPLE_PRODUCTS
        ? {
          bundleId: env.APPLE_BUNDLE_ID ?? '',
          rootCertificatePaths: (env.APPLE_ROOT_CERTIFICATES ?? '').split(',').map((entry) => entry.trim()).filter(Boolean),
          environment: env.APPLE_ENVIRONMENT,
          appAppleId: env.APPLE_APP_APPLE_ID,
          products: Object.fromEntries((env.APPLE_PRODUCTS ?? '').split(',').filter(Boolean).map((entry) => entry.split(':') as [string, string])),
          /** OCSP checks of Apple's chain in production; elsewhere the chain is checked at its signing date. */
          onlineChecks: production,
        }
        : undefined,
      /** Google Play (issue 34): on when GOOGLE_PLAY_PACKAGE_NAME, GOOGLE_PLAY_SERVICE_ACCOUNT or GOOGLE_PLAY_PRODUCTS is set (then all of them, and the push settings). */
      google: env.GOOGLE_PLAY_PACKAGE_NAME || env.GOOGLE_PLAY_SERVICE_ACCOUNT || env.GOOGLE_PLAY_PRODUCTS
        ? {
          packageName: env.GOOGLE_PLAY_PACKAGE_NAME ?? '',
          serviceAccount: env.GOOGLE_PLAY_SERVICE_ACCOUNT ?? '',
          products: Object.fromEntries((env.GOOGLE_PLAY_PRODUCTS ?? '').split(',').filter(Boolean).map((entry) => {
            const [product = '', planId = ''] = entry.split(':');
            const [productId = '', basePlanId = ''] = product.split('/');
            return [productId, { planId, basePlanId }];
          })),
          apiUrl: env.GOOGLE_PLAY_API_URL.replace(/\/+$/, ''),
          push: { audience: env.GOOGLE_PLAY_PUSH_AUDIENCE ?? '', email: env.GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT ?? '', certsUrl: env.GOOGLE_PLAY_PUSH_CERTS_URL },
        }
        : undefined,
    };
  })
  .superRefine((config, ctx) => {
    if (config.apple) {
      const { apple } = config;
      if (!apple.bundleId) ctx.addIssue({ code: 'custom', path: ['APPLE_BUNDLE_ID'], message: 'is required with the other APPLE_ settings' });
      if (apple.rootCertificatePaths.length === 0) ctx.addIssue({ code: 'custom', path: ['APPLE_ROOT_CERTIFICATES'], message: "is required with the other APPLE_ settings (paths of Apple's root certificates)" });
      if (Object.keys(apple.products).length === 0) ctx.addIssue({ code: 'custom', path: ['APPLE_PRODUCTS'], message: 'is required with the other APPLE_ settings' });
      for (const planId of Object.values(apple.products)) {
        if (!config.premium.plans.some((plan) => plan.id === planId)) ctx.addIssue({ code: 'custom', path: ['APPLE_PRODUCTS'], message: `names ${planId}, not one of PREMIUM_PLANS` });
      }
      if (apple.environment === 'Production' && apple.appAppleId === undefined) {
        ctx.addIssue({ code: 'custom', path: ['APPLE_APP_APPLE_ID'], message: 'is required when APPLE_ENVIRONMENT is Production' });
      }
    }
    if (config.google) {
      const { google } = config;
      const required = (path: string, missing: boolean, why = 'is required with the other GOOGLE_PLAY_ settings') => {
        if (missing) ctx.addIssue({ code: 'custom', path: [path], message: why });
      };
      required('GOOGLE_PLAY_PACKAGE_NAME', !google.packageName);
      required('GOOGLE_PLAY_SERVICE_ACCOUNT', !google.serviceAccount, 'is required with the other GOOGLE_PLAY_ settings (the key of a service account with access to the Play Console)');
      required('GOOGLE_PLAY_PRODUCTS', Object.keys(google.products).length === 0);
      required('GOOGLE_PLAY_PUSH_AUDIENCE', !google.push.audience, "is required with the other GOOGLE_PLAY_ settings (the audience of the Pub/Sub push subscription's authentication)");
      required('GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT', !google.push.email, 'is required with the other GOOGLE_PLAY_ settings (the service account the Pub/Sub push subscription authenticates as)');
      for (const { planId } of Object.values(google.products)) {
        if (!config.premium.plans.some((plan) => plan.id === planId)) ctx.addIssue({ code: 'custom', path: ['GOOGLE_PLAY_PRODUCTS'], message: `names ${planId}, not one of PREMIUM_PLANS` });
      }
    }
    if (config.s3) {
      const required = { S3_BUCKET: config.s3.bucket, S3_REGION: config.s3.region, S3_ACCESS_KEY_ID: config.s3.accessKeyId, S3_SECRET_ACCESS_KEY: config.s3.secretAccessKey };
      for (const [name, value] of Object.entries(required)) {
        if (!value) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with the other S3_ settings (S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; S3_ENDPOINT and S3_FORCE_PATH_STYLE optional)' });
      }
    }
    if (config.isProduction && config.s3 && !config.push.vapid) {
      // With photos in a bucket, processes share no DATA_DIR: each would make a VAPID key pair of its own
      // there, and a browser subscribed through one process would refuse the pushes every other signs.
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'is required in production with S3_BUCKET, with VAPID_PRIVATE_KEY: every process signs pushes with the same key pair (npx web-push generate-vapid-keys)' });
    }
    if (config.premium.plans.some((plan) => plan.months < 1)) {
      ctx.addIssue({ code: 'custom', path: ['PREMIUM_PLANS'], message: 'every plan lasts at least one month' });
    }
    if (config.isProduction && !config.appSecret) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'is required in production (32+ random characters)' });
    }
    if (config.isProduction && config.push.testOnlyLoopbackService) {
      ctx.addIssue({ code: 'custom', path: ['TEST_ONLY_LOOPBACK_PUSH_SERVICE'], message: 'is for tests only, never in production' });
    }
    if (config.isProduction && config.verification.testOnlyPoses) {
      ctx.addIssue({ code: 'custom', path: ['TEST_ONLY_VERIFICATION_POSES'], message: 'is for tests only, never in production' });
    }
  });

export type Config = z.output<typeof ConfigSchema>;

/** The start-up warning of a development or test server that listens beyond this machine. */
export function exposureWarning(config: Pick<Config, 'isProduction' | 'host' | 'env'>): string | undefined {
  if (config.isProduction || isLoopback(config.host)) return undefined;
  return `HOST=${config.host}: this ${config.env} server is reachable from the network. Its sign-in codes go to the dev outbox, which answers only this machine. Leave HOST unset to listen on 127.0.0.1 only.`;
}

export class ConfigError extends Error {}

/** Parses settings; throws a ConfigError that names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Settings for tests: in-memory-ish defaults that never touch the developer's data. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: '.tmp/test-data', SEED_DEMO_DATA: 'false', ...overrides });
}
