import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Clock } from './lib/clock';
import type { DrainState } from './lib/drain';
import type { Limiter } from './lib/limiter';
import type { Dialect } from './db/database';
import type { Database } from './db/schema';
import type { AuthenticatedMember } from './lib/session';
import type { Services } from './services';
import type { Outbox } from './adapters/outbox/outbox.repository';
import type { MailSender } from './adapters/mail/mail';
import type { WhatsAppSender } from './adapters/whatsapp/whatsapp';
import type { PhotoStorage } from './adapters/storage/storage';

/** The infrastructure plugins are built on: settings, the database and adapters (routes get `app.services`). */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  redis: Redis | null;
  /** The connection rate and member limits count on (lib/redis.ts `requestPathRedis`), when Redis is configured. */
  limiterRedis: Redis | null;
  outbox: Outbox | null;
  mail: MailSender;
  whatsapp: WhatsAppSender;
  storage: PhotoStorage;
  /** Verification selfies (private; never served). */
  selfies: PhotoStorage;
  /** Per-member and per-address counts outside HTTP (sockets): in Redis when configured. */
  limiter: Limiter;
  /** Set at SIGTERM/SIGINT: readiness fails from then on (issue 33). */
  drain: DrainState;
  /** The time of the services (lib/clock.ts): a session's expiry is read against it. */
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every service, built once in services.ts: what route plugins call. */
    services: Services;
    /** preHandler for routes that need a signed-in member (401 otherwise). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The member a bearer token signs in (null when it is unknown, expired or revoked). */
    memberForToken: (token: string) => Promise<AuthenticatedMember | null>;
  }
  interface FastifyRequest {
    member: AuthenticatedMember | null;
  }
}
