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
    };
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
