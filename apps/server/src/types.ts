import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Dialect } from './db/database';
import type { Database } from './db/schema';
import type { AuthenticatedMember, AuthService } from './modules/auth/auth.service';
import type { OtpService } from './modules/auth/otp.service';
import type { Outbox } from './adapters/outbox/outbox';
import type { MailSender } from './adapters/mail/mail';
import type { WhatsAppSender } from './adapters/whatsapp/whatsapp';
import type { PhotoStorage } from './adapters/storage/storage';

/** What every module can reach: settings, the database, adapters and services. */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  redis: Redis | null;
  outbox: Outbox | null;
  mail: MailSender;
  whatsapp: WhatsAppSender;
  storage: PhotoStorage;
  auth: AuthService;
  otp: OtpService;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** preHandler for routes that need a signed-in member (401 otherwise). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The member a bearer token signs in (null when it is unknown, expired or revoked). */
    memberForToken: (token: string) => Promise<AuthenticatedMember | null>;
  }
  interface FastifyRequest {
    member: AuthenticatedMember | null;
  }
}
