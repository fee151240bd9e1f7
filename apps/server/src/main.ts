import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, REPO_ROOT, exposureWarning, loadConfig, type Config } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_ACCOUNT } from './seed/demo-account';
import { seedDemoData } from './seed/seed';

function readConfig(): Config {
  const envFile = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`LinkUp cannot start.\n${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads config, migrates, seeds demo members (outside production), listens, shuts down gracefully. */
async function main(): Promise<void> {
  const config = readConfig();
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  await migrateToLatest(database.db);

  const app = await buildApp({ config, database });
  if (config.seedDemoData) await seedDemoMembers(app, config);
  app.addHook('onClose', async () => database.close());

  let closing = false;
  // The drain (issue 33): readiness fails at once; no new connection is accepted (the balancer's
  // next connect is refused and it redispatches); requests in flight finish and sockets close
  // once their sends are committed and answered (the group commit flushed), asking the clients
  // to reconnect elsewhere; then Redis and the database close. SHUTDOWN_GRACE_MS bounds it all.
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.deps.drain.start();
    app.log.info({ signal }, 'draining: readiness fails, no new connections, finishing requests and sends in flight');
    const timer = setTimeout(() => {
      app.log.error('drain timed out; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    if (app.server.listening) app.server.close();
    app.close().then(
      () => {
        app.log.info('drained; exiting');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const exposed = exposureWarning(config);
  if (exposed) app.log.warn(exposed);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`LinkUp is ready at ${config.publicUrl} (database: ${database.dialect}, photos: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : 'DATA_DIR/media'})`);
}

/** Seeds demo members once (idempotent; a second start or a racing process skips). */
async function seedDemoMembers(app: Awaited<ReturnType<typeof buildApp>>, config: Config): Promise<void> {
  const result = await seedDemoData(app.deps.db, {
    count: config.demoMemberCount,
    storage: app.deps.storage,
    log: (msg) => app.log.info(msg),
  });
  if (!result.skipped) app.log.info(`demo account: ${DEMO_ACCOUNT.email} (password in the README)`);
}

main().catch((error: unknown) => {
  process.stderr.write(`LinkUp failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
