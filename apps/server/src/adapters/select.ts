import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { BullJobs, bullConnection } from './jobs/bullmq-jobs';
import { InProcessJobs } from './jobs/in-process-jobs';
import type { Jobs } from './jobs/jobs';
import { JobsRepository } from './jobs/jobs.repository';
import { DevMailSender } from './mail/dev-mail';
import type { MailSender } from './mail/mail';
import { SmtpMailSender } from './mail/smtp-mail';
import { UnconfiguredMailSender } from './mail/unconfigured-mail';
import type { Outbox } from './outbox/outbox.repository';
import type { PaymentsProvider } from './payments/payments';
import { readServiceAccount } from './google-service-account';
import { FcmSender } from './push/fcm';
import type { PushSender } from './push/push';
import { resolveVapidKeys, type VapidKeys } from './push/vapid-keys';
import { WebPushSender } from './push/web-push';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppStore } from './payments/app-store';
import { GooglePlay } from './payments/google-play';
import { SandboxPayments } from './payments/sandbox-payments';
import { StripePayments } from './payments/stripe-payments';
import { CloudWhatsAppSender } from './whatsapp/cloud-whatsapp';
import { DevWhatsAppSender } from './whatsapp/dev-whatsapp';
import { UnconfiguredWhatsAppSender } from './whatsapp/unconfigured-whatsapp';
import { LocalDiskStorage } from './storage/local-disk-storage';
import { createS3Client, S3Storage } from './storage/s3-storage';
import type { PhotoStorage } from './storage/storage';
import type { WhatsAppSender } from './whatsapp/whatsapp';

/** The real sender when configured; else the dev outbox (development, test) or a 503 (production). */
export function selectWhatsApp(config: Config, outbox: Outbox | null): WhatsAppSender {
  if (config.whatsapp) return new CloudWhatsAppSender(config.whatsapp);
  return outbox ? new DevWhatsAppSender(outbox) : new UnconfiguredWhatsAppSender();
}

export function selectMail(config: Config, outbox: Outbox | null): MailSender {
  if (config.smtp) return new SmtpMailSender(config.smtp);
  return outbox ? new DevMailSender(outbox) : new UnconfiguredMailSender();
}

/** Stripe when configured; else the built-in sandbox outside production, or nothing on sale. */
export function selectPayments(config: Config, appSecret: string, clock: Clock): PaymentsProvider | null {
  if (config.stripe) return new StripePayments(config.stripe);
  if (config.isProduction) return null;
  return new SandboxPayments(appSecret, clock);
}

/** Apple's App Store when configured (its root certificates read once, DER or PEM), else null. */
export function selectAppStore(config: Config): AppStore | null {
  if (!config.apple) return null;
  const { rootCertificatePaths, ...settings } = config.apple;
  const rootCertificates = rootCertificatePaths.map((file) => {
    const data = readFileSync(file);
    const pem = data.toString('utf8');
    return pem.includes('-----BEGIN CERTIFICATE-----')
      ? Buffer.from(pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''), 'base64')
      : data;
  });
  return new AppStore({ ...settings, rootCertificates });
}

/** Google Play when configured (its service account key read once), else null. */
export function selectGooglePlay(config: Config): GooglePlay | null {
  if (!config.google) return null;
  const { serviceAccount, ...settings } = config.google;
  return new GooglePlay({ ...settings, serviceAccount: readServiceAccount(serviceAccount, 'GOOGLE_PLAY_SERVICE_ACCOUNT'), plans: config.premium.plans });
}

/**
 * Push senders: Web Push always (VAPID keys from config, else made once in DATA_DIR), FCM only
 * with a service account (FCM_SERVICE_ACCOUNT); without one, native devices get no pushes.
 */
export function selectPush(config: Config): { web: PushSender; fcm: PushSender | null; vapid: VapidKeys } {
  const vapid = resolveVapidKeys(config.push.vapid, config.dataDir);
  return {
    web: new WebPushSender(vapid, config.push.vapidSubject, config.push),
    fcm: config.push.fcmServiceAccount ? new FcmSender(readServiceAccount(config.push.fcmServiceAccount, 'FCM_SERVICE_ACCOUNT'), config.push.fcmApiUrl) : null,
    vapid,
  };
}

export interface Stores {
  /** Member photos, served at /media/<key>. */
  photos: PhotoStorage;
  /** Verification selfies: private, never served (only the moderator's review reads them). */
  selfies: PhotoStorage;
  /** Lets go of the store's connections (app close). */
  close(): void;
}

/**
 * Where photos and selfies live: one S3-compatible bucket when S3_* is configured (every process
 * shares it; photos under `media/`, selfies under `verification/`), else DATA_DIR on local disk
 * (`media/`, `verification/media/`).
 */
export function selectStorage(config: Config): Stores {
  if (config.s3) {
    const client = createS3Client(config.s3);
    const { bucket } = config.s3;
    return {
      photos: new S3Storage({ client, bucket, prefix: 'media/' }),
      selfies: new S3Storage({ client, bucket, prefix: 'verification/' }),
      close: () => client.destroy(),
    };
  }
  return {
    photos: new LocalDiskStorage({ dataDir: config.dataDir }),
    selfies: new LocalDiskStorage({ dataDir: path.join(config.dataDir, 'verification') }),
    close: () => {},
  };
}

/**
 * Background jobs (issue 33): on BullMQ with `REDIS_URL` (one queue under
 * `<REDIS_KEY_PREFIX>bull`), else in this process with failures and schedule slots in the
 * database. In-process schedules check their slot every `NOTIFICATION_JOB_INTERVAL_MS`.
 */
export function selectJobs(config: Config, db: Kysely<Database>, clock: Clock, log: FastifyBaseLogger): Jobs {
  if (config.redisUrl) return new BullJobs(bullConnection(config.redisUrl), `${config.redisKeyPrefix}bull`, log);
  return new InProcessJobs(new JobsRepository(db), clock, log, config.push.jobIntervalMs);
}
