import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { MailSender } from './adapters/mail/mail';
import type { Outbox } from './adapters/outbox/outbox';
import type { PhotoStorage } from './adapters/storage/storage';
import type { WhatsAppSender } from './adapters/whatsapp/whatsapp';
import type { Clock } from './lib/clock';
import { createDispatch } from './lib/dispatch';
import type { Realtime } from './lib/realtime';
import { resolveAppSecret } from './lib/secret';
import { AccountRepository } from './modules/account/account.repository';
import { AccountService } from './modules/account/account.service';
import { AuthEventsRepository } from './modules/auth/auth-events.repository';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService } from './modules/auth/auth.service';
import { OtpRepository } from './modules/auth/otp.repository';
import { OtpService } from './modules/auth/otp.service';
import { ChatRepository } from './modules/chat/chat.repository';
import { ChatService } from './modules/chat/chat.service';
import { FeedRepository } from './modules/feed/feed.repository';
import { FeedService } from './modules/feed/feed.service';
import { HealthService } from './modules/health/health.service';
import { FAQ } from './modules/help/faq-content';
import { HelpRepository } from './modules/help/help.repository';
import { HelpService } from './modules/help/help.service';
import { MatchesRepository } from './modules/matches/matches.repository';
import { MatchesService } from './modules/matches/matches.service';
import { MembersRepository } from './modules/members/members.repository';
import { MembersService } from './modules/members/members.service';
import { loadPublicProfiles } from './modules/members/public-profile.presenter';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationsService } from './modules/notifications/notifications.service';
import { OnboardingRepository } from './modules/onboarding/onboarding.repository';
import { OnboardingService } from './modules/onboarding/onboarding.service';
import { PreferencesRepository } from './modules/preferences/preferences.repository';
import { PreferencesService } from './modules/preferences/preferences.service';
import { avatarUrlOf } from './modules/profile/avatar';
import { ProfileRepository } from './modules/profile/profile.repository';
import { ProfileService } from './modules/profile/profile.service';
import { SafetyRepository } from './modules/safety/safety.repository';
import { SafetyService } from './modules/safety/safety.service';
import { SettingsRepository } from './modules/settings/settings.repository';
import { SettingsService } from './modules/settings/settings.service';

/** What the services are built from: settings and the adapters to the outside world. */
export interface ServiceInputs {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | null;
  outbox: Outbox | null;
  mail: MailSender;
  whatsapp: WhatsAppSender;
  storage: PhotoStorage;
  /** Socket.IO exists only once the realtime plugin ran; services emit after their commits. */
  realtime: () => Realtime;
  clock: Clock;
  log: FastifyBaseLogger;
}

export type Services = ReturnType<typeof buildServices>;

/**
 * The composition root: every repository and service of the server, built once, each with what
 * it needs and nothing else. Routes receive these services (`app.services`); a module that needs
 * another module's work gets that module's service here, never its repository.
 */
export function buildServices(inputs: ServiceInputs) {
  const { config, database, redis, outbox, mail, whatsapp, storage, realtime, clock, log } = inputs;
  const { db, dialect } = database;
  const sqlite = dialect === 'sqlite';
  const secret = resolveAppSecret(config);
  const dispatch = createDispatch({ background: config.isProduction, log });

  const users = new AuthRepository(db);
  const authEvents = new AuthEventsRepository(db);
  const otps = new OtpRepository(db);
  const avatarOf = (userId: string) => avatarUrlOf(db, storage, userId);
  const loadProfiles = (viewerId: string, ids: readonly string[]) => loadPublicProfiles(db, storage, viewerId, ids, clock.now());

  const auth = new AuthService({ repo: users, events: authEvents, mail, whatsapp, dispatch, config, secret, avatarOf });
  const otp = new OtpService({ otps, users, events: authEvents, auth, whatsapp, dispatch, config, secret });

  // The one chat repository: with REDIS_URL other processes change rows, and their changes fire
  // no trigger here, so rooms' members are remembered only by a lone SQLite process.
  const chat = new ChatService(
    new ChatRepository(db, { groupCommits: sqlite, rememberMembers: sqlite && !config.redisUrl }),
    realtime,
  );

  const settings = new SettingsService(new SettingsRepository(db));
  // The one notifications inbox: every module with something to tell a member adds to it.
  const notifications = new NotificationsService(new NotificationsRepository(db), storage, realtime, clock);

  return {
    config,
    health: new HealthService(database, redis),
    outbox,
    auth,
    otp,
    account: new AccountService({
      repo: new AccountRepository(db), settingsOf: (userId) => settings.get(userId), auth, otp, storage, realtime, log,
      defaultPhoneRegion: config.defaultPhoneRegion,
    }),
    chat,
    profile: new ProfileService(new ProfileRepository(db, dialect), storage, { maxBytes: config.photos.maxBytes, maxPixels: config.photos.maxPixels }),
    preferences: new PreferencesService(new PreferencesRepository(db)),
    onboarding: new OnboardingService(new OnboardingRepository(db), avatarOf),
    members: new MembersService(new MembersRepository(db), loadProfiles, clock),
    safety: new SafetyService(new SafetyRepository(db), storage, (a, b) => chat.hideRoomOfBlockedPair(a, b), { reportsPerDay: config.reportsPerDay }, clock),
    settings,
    help: new HelpService({ repo: new HelpRepository(db), mail, faq: FAQ, support: config.support, log, clock }),
    notifications,
    feed: new FeedService(new FeedRepository(db), storage, notifications, config.photos, clock),
    matches: new MatchesService({
      repo: new MatchesRepository(db), rooms: chat, storage, loadProfiles, realtime, limits: config.matching, clock,
    }),
  };
}
