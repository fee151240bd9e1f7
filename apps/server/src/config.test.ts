import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ConfigSchema, REPO_ROOT, exposureWarning, loadConfig } from './config';

describe('config', () => {
  it('has defaults that make `npm start` work with no settings', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 8080, isProduction: false, seedDemoData: true, databaseUrl: undefined, redisUrl: undefined });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.webDistDir).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
  });

  it('does not seed demo members in production unless asked', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true', ...secret }).seedDemoData).toBe(true);
  });

  it('refuses to run in production without an APP_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET: is required in production/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({ databaseUrl: undefined, redisUrl: undefined });
  });

  it('refuses bad settings, naming each one', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('NODE_ENV');
  });

  it('listens on this machine only outside production, on every interface in production; HOST overrides (issue #12 item 9)', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5', ...secret }).host).toBe('10.0.0.5');
  });

  it('warns at start-up when a development server listens beyond this machine', () => {
    expect(exposureWarning(loadConfig({}))).toBeUndefined();
    expect(exposureWarning(loadConfig({ HOST: 'localhost' }))).toBeUndefined();
    expect(exposureWarning(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/^HOST=0\.0\.0\.0: this development server is reachable from the network/);
    expect(exposureWarning(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', APP_SECRET: 'x'.repeat(40) }))).toBeUndefined();
  });

  it("allows the native app's web views by default (iOS capacitor://, Android https://localhost)", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://linkup.example' }).corsOrigins).toEqual([
      'https://linkup.example', 'capacitor://localhost', 'https://localhost', 'http://localhost',
    ]);
  });

  it('stores photos in S3 only with the whole S3 setting, and says what is missing (issue 33)', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const s3 = { S3_BUCKET: 'linkup-photos', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'linkup', S3_SECRET_ACCESS_KEY: 'secret-key' };
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
      bucket: 'linkup-photos', endpoint: 'http://minio:9000', region: 'us-east-1', accessKeyId: 'linkup', secretAccessKey: 'secret-key', forcePathStyle: true,
    });
    expect(loadConfig(s3).s3).toMatchObject({ endpoint: undefined, forcePathStyle: false });
    const refused = (env: Record<string, string>) => (() => loadConfig(env)) as () => never;
    expect(refused({ S3_BUCKET: 'linkup-photos' })).toThrow(/S3_REGION: is required with the other S3_ settings[\s\S]*S3_ACCESS_KEY_ID: is required[\s\S]*S3_SECRET_ACCESS_KEY: is required/);
    expect(refused({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/^Invalid configuration:\n {2}S3_SECRET_ACCESS_KEY: is required with the other S3_ settings/);
    expect(refused({ S3_FORCE_PATH_STYLE: 'true' })).toThrow(/S3_BUCKET: is required/);
    expect(refused({ ...s3, S3_BUCKET: 'Photos_Bucket' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(refused({ ...s3, S3_ENDPOINT: 'ftp://minio' })).toThrow(/S3_ENDPOINT: must be an http/);
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: '' }).s3).toBeUndefined();
    // Processes that share a bucket share no DATA_DIR: production wants the one VAPID key pair in settings.
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), ...s3 };
    expect(refused(production)).toThrow(/VAPID_PUBLIC_KEY: is required in production with S3_BUCKET/);
    const vapid = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    expect(loadConfig({ ...production, ...vapid }).s3?.bucket).toBe('linkup-photos');
  });

  it('splits CORS origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});

describe('documentation of settings', () => {
  const keys = Object.keys(ConfigSchema.in.shape);
  const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

  it('.env.example documents every setting the server reads, and nothing else', () => {
    const documented = [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...keys].sort());
  });

  it('the README configuration table names every setting', () => {
    const readme = read('README.md');
    for (const key of keys) expect(readme, key).toMatch(new RegExp(`\`${key}\``));
  });
});
