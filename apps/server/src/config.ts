import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional()),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z.preprocess(emptyToUndefined, z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional()),
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
    PHOTO_MAX_BYTES: z.coerce.number().int().min(100_000).default(10 * 1024 * 1024),
    PHOTO_MAX_PIXELS: z.coerce.number().int().min(1_000_000).max(100_000_000).default(40_000_000),
    REPORTS_PER_DAY: z.coerce.number().int().min(1).default(10),
    SUPPORT_EMAIL: z.email().default('support@linkup.app'),
    SUPPORT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(5),
    FREE_DAILY_LIKES: z.coerce.number().int().min(1).default(25),
    FREE_DAILY_SUPER_LIKES: z.coerce.number().int().min(0).default(1),
    PREMIUM_DAILY_SUPER_LIKES: z.coerce.number().int().min(0).default(5),
    BOOST_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
    PASS_RESURFACE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    SEED_DEMO_DATA: z.preprocess(emptyToUndefined, bool.optional()),
    DEMO_MEMBER_COUNT: z.coerce.number().int().min(0).max(5000).default(200),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  })
  .transform((env) => {
    const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR);
    const production = env.NODE_ENV === 'production';
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      env: env.NODE_ENV,
      isProduction: production,
      host: env.HOST,
      port: env.PORT,
      publicUrl,
      dataDir,
      databaseUrl: env.DATABASE_URL,
      databasePoolMax: env.DATABASE_POOL_MAX,
      redisUrl: env.REDIS_URL,
      corsOrigins: env.CORS_ORIGINS ?? [publicUrl, 'capacitor://localhost', 'http://localhost'],
      trustProxy: env.TRUST_PROXY,
      logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
      webDistDir: path.resolve(REPO_ROOT, env.WEB_DIST_DIR),
      defaultPhoneRegion: env.DEFAULT_PHONE_REGION.toUpperCase(),
      sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
      rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
      seedDemoData: env.SEED_DEMO_DATA ?? !production,
      demoMemberCount: env.DEMO_MEMBER_COUNT,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      appSecret: env.APP_SECRET,
      otp: {
        ttlMs: env.OTP_TTL_SECONDS * 1000,
        maxAttempts: env.OTP_MAX_ATTEMPTS,
        resendCooldownMs: env.OTP_RESEND_COOLDOWN_SECONDS * 1000,
        hourlyPerNumber: env.OTP_HOURLY_LIMIT_PER_NUMBER,
        dailyPerNumber: env.OTP_DAILY_LIMIT_PER_NUMBER,
        hourlyPerIp: env.OTP_HOURLY_LIMIT_PER_IP,
        dailyPerIp: env.OTP_DAILY_LIMIT_PER_IP,
      },
      authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
      chatMessagesPerMinute: env.CHAT_MESSAGES_PER_MINUTE,
      socketConnectsPerMinute: env.SOCKET_CONNECTS_PER_MINUTE,
      photos: { maxBytes: env.PHOTO_MAX_BYTES, maxPixels: env.PHOTO_MAX_PIXELS },
      reportsPerDay: env.REPORTS_PER_DAY,
      matching: {
        freeDailyLikes: env.FREE_DAILY_LIKES,
        freeDailySuperLikes: env.FREE_DAILY_SUPER_LIKES,
        premiumDailySuperLikes: env.PREMIUM_DAILY_SUPER_LIKES,
        boostMs: env.BOOST_MINUTES * 60_000,
        passResurfaceMs: env.PASS_RESURFACE_DAYS * 24 * 60 * 60 * 1000,
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
    };
  })
  .superRefine((config, ctx) => {
    if (config.isProduction && !config.appSecret) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'is required in production (32+ random characters)' });
    }
  });

export type Config = z.output<typeof ConfigSchema>;

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
