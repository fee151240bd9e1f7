import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { keptReadsPossible } from './db/row-changes';
import { sharedFaceAnalyzer } from './adapters/faces/face-analyzer';
import type { MailSender } from './adapters/mail/mail';
import { QueuedMail } from './adapters/mail/queued-mail';
import type { Outbox } from './adapters/outbox/outbox.repository';
import { SandboxPayments } from './adapters/payments/sandbox-payments';
import { selectAppStore, selectGooglePlay, selectJobs, selectPayments, selectPush } from './adapters/select';
import type { PhotoStorage } from './adapters/storage/storage';
import type { WhatsAppSender } from './adapters/whatsapp/whatsapp';
import type { Clock } from './lib/clock';
import { createDispatch } from './lib/dispatch';
import type { DrainState } from './lib/drain';
import { LimitCountersRepository } from './lib/limit-counters.repository';
import { DatabaseLimiter, RedisLimiter } from './lib/limiter';
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
import { DevicesRepository } from './modules/devices/devices.repository';
import { DevicesService } from './modules/devices/devices.service';
import { MemoryQueueStore, RedisQueueStore } from './modules/discover/discover-queue';
import { DiscoverRepository } from './modules/discover/discover.repository';
import { DiscoverService } from './modules/discover/discover.service';
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
import { ModerationRepository } from './modules/moderation/moderation.repository';
import { ModerationService } from './modules/moderation/moderation.service';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationJobs, REMINDER_JOB_EVERY_MS } from './modules/notifications/notification-jobs';
import { NotificationsService } from './modules/notifications/notifications.service';
import { PushDelivery } from './modules/notifications/push-delivery';
import { OnboardingRepository } from './modules/onboarding/onboarding.repository';
import { OnboardingGate } from './modules/shared/onboarding-gate';
import { OnboardingService } from './modules/onboarding/onboarding.service';
import { PreferencesRepository } from './modules/preferences/preferences.repository';
import { PreferencesService } from './modules/preferences/preferences.service';
import { ProfileRepository } from './modules/profile/profile.repository';
import { ProfileService } from './modules/profile/profile.service';
import { SafetyRepository } from './modules/safety/safety.repository';
import { SafetyService } from './modules/safety/safety.service';
import { SettingsRepository } from './modules/settings/settings.repository';
import { BlocksRepository } from './modules/shared/blocks.repository';
import { EntitlementsRepository } from './modules/shared/entitlements.repository';
import { LocationChanges } from './modules/shared/location-changes';
import type { MemberEraser } from './modules/shared/member-erasure';
import { MemberSummaries } from './modules/shared/member-summaries';
import { MemberRolesRepository } from './modules/shared/member-roles.repository';
import { MemberSummaryRepository } from './modules/shared/member-summary.repository';
import { NotificationSettingsRepository } from './modules/shared/notification-settings.repository';
import { PrivacyRepository } from './modules/shared/privacy.repository';
import { SessionUsers } from './modules/shared/session-users';
import { SettingsService } from './modules/settings/settings.service';
import { SubscriptionsRepository } from './modules/subscriptions/subscriptions.repository';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { VerificationRepository } from './modules/verification/verification.repository';
import { VerificationService } from './modules/verification/verification.service';

/** What the services are built from: settings and the adapters to the outside world. */
export interface ServiceInputs {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | null;
  /** The connection limits count on (lib/redis.ts `requestPathRedis`), when Redis is configured. */
  limiterRedis: Redis | null;
  outbox: Outbox | null;
  mail: MailSender;
  whatsapp: WhatsAppSender;
  storage: PhotoStorage;
  /** Verification selfies (private; never served). */
  selfies: PhotoStorage;
  /** Set at SIGTERM/SIGINT: readiness fails (issue 33). */
  drain: DrainState;
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
  const { config, database, redis, outbox, whatsapp, storage, selfies, realtime, clock, log } = inputs;
  const { db, dialect } = database;
  const sqlite = dialect === 'sqlite';
  const secret = resolveAppSecret(config);
  const dispatch = createDispatch({ background: config.isProduction, log });
  // The one limiter of every count-then-act limit (lib/limiter.ts): in Redis when configured, in
  // the database otherwise — and always in the database for a count in the work's transaction,
  // or while Redis fails.
  const counters = new DatabaseLimiter(new LimitCountersRepository(db), clock, secret);
  const limiter = inputs.limiterRedis
    ? new RedisLimiter(inputs.limiterRedis, (err) => log.warn({ err }, 'redis limiter failed; counting in the database'), {
      prefix: `${config.redisKeyPrefix}limit:`, fallback: counters, clock, secret,
    })
    : counters;

  // Push devices are written only by the devices module's repository (issue 28 item 11): ending
  // sessions and dropping dead tokens reach it through its port.
  const devices = new DevicesRepository(db);
  const users = new AuthRepository(db, devices);
  const authEvents = new AuthEventsRepository(db);
  const otps = new OtpRepository(db);
  // Kept reads (members' summaries, premium periods and notification switches, rooms' members,
  // profiles, discover's rows) where every change reaches this process: PostgreSQL
  // (LISTEN/NOTIFY), or a lone SQLite process (db/row-changes.ts).
  const keptReads = keptReadsPossible(dialect, config.redisUrl);
  // What several modules read (modules/shared).
  const privacy = new PrivacyRepository(db);
  const blocks = new BlocksRepository(db);
  // Premium periods are kept on PostgreSQL only: on SQLite the triggers are this process's, and
  // the operator's `npm run admin -- grant-premium` writes from another process.
  const entitlements = new EntitlementsRepository(db, { remember: keptReads && dialect === 'postgres' });
  const summaries = new MemberSummaries(new MemberSummaryRepository(db, privacy, { remember: keptReads }), storage, clock);
  const roles = new MemberRolesRepository(db);
  const sessionUsers = new SessionUsers(summaries, entitlements, clock, roles);

  // The one notify path: every module with something to tell a member calls it after its commit.
  const push = selectPush(config);
  const notificationsRepo = new NotificationsRepository(db, { remember: keptReads });
  const pushes = new PushDelivery(notificationsRepo, devices, push, config.push.retryBaseMs, clock, log);
  const notifications = new NotificationsService({
    repo: notificationsRepo, storage, realtime, clock, settings: new NotificationSettingsRepository(db, { remember: keptReads }), entitlements, summaries, pushes, devices,
    collapseMs: config.push.collapseMs, log,
  });
  const notificationJobs = new NotificationJobs(notificationsRepo, notifications, clock, log);
  // Background jobs (issue 33): BullMQ with REDIS_URL, else in this process; started and drained by app.ts.
  const jobs = selectJobs(config, db, clock, log);
  // Real e-mail leaves as jobs (retried, failures kept); the dev outbox keeps a mail at once.
  const mail = config.isProduction && config.smtp ? new QueuedMail(jobs, inputs.mail) : inputs.mail;

  const auth: AuthService = new AuthService({
    repo: users, events: authEvents, mail, whatsapp, dispatch, config, secret, realtime, notifier: notifications, mobileCodes: () => otp, limiter,
    refusesIdentity: (identity) => moderation.refusesIdentity(identity), clock,
  });
  // Photo verification (issue 31): the face models in a worker thread, shared by the process;
  // selfies awaiting a moderator in a store nothing serves; poses drawn with crypto randomness.
  const verification = new VerificationService({
    repo: new VerificationRepository(db), faces: sharedFaceAnalyzer(), limiter, photos: storage,
    selfies, notifier: notifications, clock,
    randomInt: (n) => randomInt(n), secret, config: { maxPixels: config.photos.maxPixels, testOnlyPoses: config.verification.testOnlyPoses }, log,
  });
  // Moderation (issue 30): decisions end sessions through auth; registration asks it about bans.
  const moderation: ModerationService = new ModerationService({
    held: {
      listHeldMessages: (page, perPage) => chat.listHeldMessages(page, perPage),
      releaseHeldMessage: (id) => chat.releaseHeldMessage(id),
      rejectHeldMessage: (id) => chat.rejectHeldMessage(id),
    },
    verifications: verification,
    repo: new ModerationRepository(db), roles, endSessions: (userId) => auth.endEverySession(userId), notifier: notifications, mail, storage,
    avatarOf: (userId) => summaries.avatarOf(userId), removePhoto: async (userId, photoId) => void (await profile.deletePhoto(userId, photoId)),
    removePost: (userId) => feed.deletePost(userId), clock, secret, config: config.moderation, log,
  });
  const otp = new OtpService({ otps, users, events: authEvents, auth, whatsapp, dispatch, config, secret, limiter, clock });

  const onboarding = new OnboardingGate((userId) => users.findUserById(userId));
  const feed = new FeedService(new FeedRepository(db, clock), storage, notifications, config.photos, clock, onboarding);
  const chatRepo = new ChatRepository(db, clock, { groupCommits: sqlite, rememberMembers: keptReads });
  const chat = new ChatService(
    chatRepo,
    realtime,
    notifications,
    onboarding,
    config.defaultPhoneRegion,
    { clock, limiter, summaries, limits: config.firstMessages },
  );

  const helpRepo = new HelpRepository(db);
  // Deleting a member (issue 28 item 11): each module removes the rows it owns, in the account's
  // one transaction; the member's row last (its foreign keys cascade the rest).
  const eraseMember: MemberEraser[] = [
    (trx, member) => chatRepo.deleteForMember(trx, member),
    (trx, member) => authEvents.deleteForMember(trx, member),
    (trx, member) => otps.deleteForMember(trx, member),
    (trx, member) => helpRepo.deleteForMember(trx, member),
    (trx, member) => users.deleteForMember(trx, member),
  ];

  const settings = new SettingsService(new SettingsRepository(db), clock);
  const locationChanges = new LocationChanges(limiter, config.locationChangesPerDay);
  const profile = new ProfileService(
    new ProfileRepository(db, dialect), storage, { maxBytes: config.photos.maxBytes, maxPixels: config.photos.maxPixels }, locationChanges, clock,
    (userId) => verification.afterMainPhotoChange(userId),
  );
  const payments = selectPayments(config, secret, clock);
  // One process keeps discover queues in memory; several share them in Redis.
  const discoverQueues = !config.matching.discoverQueue ? null : redis
    ? new RedisQueueStore(redis, config.redisKeyPrefix, (err) => log.warn({ err }, 'discover queue store failed; answering from the database'))
    : new MemoryQueueStore();
  const members = new MembersService(
    new MembersRepository(db, privacy, { rememberProfiles: keptReads }), storage, clock, notifications, entitlements, onboarding,
  );
  const discover = new DiscoverService({
    repo: new DiscoverRepository(db, config.matching.passResurfaceMs, { remember: keptReads && config.matching.discoverQueue }),
    loadProfiles: (viewerId, ids) => members.profiles(viewerId, ids), clock,
    queues: discoverQueues, onRefillError: (err) => log.warn({ err }, 'discover queue refill failed'),
  });

  // Scheduled work: each period's run is taken by one process however many run.
  jobs.register('notifications', () => notificationJobs.tick());
  jobs.schedule('notifications', config.push.jobIntervalMs);
  jobs.register('reminder', () => notificationJobs.sendReminders());
  jobs.schedule('reminder', REMINDER_JOB_EVERY_MS);
  // Expired codes, old auth events and ended limit windows count for nothing.
  jobs.register('sweep', async () => {
    const dayAgo = new Date(clock.now().getTime() - 24 * 60 * 60 * 1000).toISOString();
    await Promise.all([auth.pruneEvents(dayAgo), otp.prune(dayAgo), limiter.prune()]);
  });
  jobs.schedule('sweep', 60 * 60 * 1000);

  return {
    config,
    health: new HealthService(database, redis, inputs.drain, clock),
    outbox,
    auth,
    otp,
    sessionUsers,
    account: new AccountService({
      repo: new AccountRepository(db), credentials: users, eraseMember, settingsOf: (userId) => settings.get(userId), auth, otp, storage, realtime, log, clock,
      defaultPhoneRegion: config.defaultPhoneRegion, refusesIdentity: (identity) => moderation.refusesIdentity(identity), verification,
    }),
    chat,
    profile,
    verification,
    preferences: new PreferencesService(new PreferencesRepository(db), locationChanges, clock),
    onboarding: new OnboardingService(new OnboardingRepository(db), (user) => sessionUsers.present(user), clock),
    members,
    safety: new SafetyService(
      new SafetyRepository(db), (a, b) => chat.hideRoomOfBlockedPair(a, b), { reportsPerDay: config.reportsPerDay }, clock, limiter,
      (report) => moderation.reportFiled(report),
    ),
    moderation,
    settings,
    devices: new DevicesService(devices, clock, config.push),
    help: new HelpService({ repo: helpRepo, mail, faq: FAQ, support: config.support, log, clock, limiter }),
    notifications,
    notificationJobs,
    /** Background and scheduled jobs (adapters/jobs): started when the app is ready, drained when it closes. */
    jobs,
    /** The one limiter (lib/limiter.ts); its ended windows are pruned by the hourly sweep job. */
    limiter,
    /** Closed with the app: pending push retries are dropped. */
    pushes,
    /** The VAPID public key browsers subscribe with. */
    webPushKey: push.vapid.publicKey,
    feed,
    subscriptions: new SubscriptionsService({
      repo: new SubscriptionsRepository(db, dialect), providers: { web: payments, apple: selectAppStore(config), google: selectGooglePlay(config) }, plans: config.premium.plans,
      realtime, mail, dispatch, clock, publicUrl: config.publicUrl, log,
    }),
    /** The built-in checkout page's signer, when the sandbox is the provider (never in production). */
    sandboxPayments: payments instanceof SandboxPayments ? payments : null,
    discover,
    matches: new MatchesService({
      repo: new MatchesRepository(db, clock), discover, blocks, entitlements, summaries,
      rooms: chat, loadProfiles: (viewerId, ids) => members.profiles(viewerId, ids), notifier: notifications, limits: config.matching, clock,
      onboarding,
    }),
    /** Closed with the app (its Redis connection). */
    discoverQueues,
  };
}
