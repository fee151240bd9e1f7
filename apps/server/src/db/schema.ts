/**
 * Table types for Kysely. Timestamps are ISO-8601 strings on both dialects (PostgreSQL
 * timestamptz values are parsed to ISO strings in `database.ts`); booleans are stored as
 * boolean on PostgreSQL and 0/1 on SQLite, so reads go through `toBool`.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = string;
/** A boolean column as read (SQLite answers 0/1) and as written. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** A boolean column with a database default (optional on insert). */
export type GeneratedBool = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface UsersTable {
  id: string;
  name: string;
  email: string | null;
  /** A confirmed number only (unique); until the code is entered the number waits in `pending_phone_number`. */
  phone_number: string | null;
  /** The number registered with, not yet confirmed (issue 27); several accounts may claim one number. */
  pending_phone_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** A new e-mail address waiting for its verification link (issue 32); `email` stays until then. */
  pending_email: ColumnType<string | null, string | null | undefined, string | null>;
  password_hash: string | null;
  date_of_birth: string | null;
  gender: string | null;
  about: string | null;
  city: string | null;
  province: string | null;
  location_cell: string | null;
  marital_status: string | null;
  body_type: string | null;
  relationship_type: string | null;
  how_often_drink: string | null;
  love_language: string | null;
  height_cm: number | null;
  job_title: string | null;
  education: string | null;
  profile_completed: Bool;
  onboarding_completed_at: Timestamp | null;
  email_verified_at: Timestamp | null;
  phone_verified_at: Timestamp | null;
  is_demo: Bool;
  last_active_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Issue 30: 'suspended', 'banned' or 'protective' (automatic, hides from discover/search/feed); null in good standing. */
  restriction: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a suspension ends (null: a ban, a protective restriction, or none). */
  restricted_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** While photo-verified (issue 31): the badge, verified-only filters and message policy read it. */
  verified_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface UserPhotosTable {
  id: string;
  user_id: string;
  position: number;
  is_primary: Bool;
  /** Storage key of the largest variant; other sizes are derived from it (see storage adapter). */
  storage_key: string;
  width: number;
  height: number;
  created_at: Timestamp;
}

export interface InterestsTable {
  id: Generated<number>;
  name: string;
}

export interface UserInterestsTable {
  user_id: string;
  interest_id: number;
}

export interface DevOutboxTable {
  id: string;
  channel: 'whatsapp' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  code: string | null;
  link: string | null;
  created_at: Timestamp;
}

export interface OtpCodesTable {
  id: string;
  phone_number: string;
  code_hash: string;
  attempts: number;
  created_at: Timestamp;
  last_sent_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

/** A number proved with its code but without an account: the short sign-up's token (issue 32). */
export interface PhoneSignupsTable {
  id: string;
  phone_number: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** `signed_in` (subject: the member's number) makes its address known to the number (codes, OtpService). */
export type AuthEventKind = 'otp_sent' | 'login_failed' | 'reset_requested' | 'verification_sent' | 'signed_in';

export interface AuthEventsTable {
  id: string;
  kind: AuthEventKind;
  /** The identifier concerned: E.164 mobile, lower-cased e-mail or member id. */
  subject: string;
  ip: string;
  created_at: Timestamp;
}

export interface ChatRoomsTable {
  id: string;
  pair_key: string;
  created_by: string | null;
  created_at: Timestamp;
  last_activity: Timestamp;
  /** Who sent the first message of the request (issue 29); null before anyone wrote. */
  request_from: ColumnType<string | null, string | null | undefined, string | null>;
  request_status: ColumnType<RequestStatus | null, RequestStatus | null | undefined, RequestStatus | null>;
  requested_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  declined_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A room's request (migration 0018): held for the sender only, pending with the recipient, accepted or declined. */
export type RequestStatus = 'held' | 'pending' | 'accepted' | 'declined';
/** A message is sent, or held: seen by its author only until released. */
/** 'rejected': a held first message a moderator refused (issue 30), seen by its author only. */
export type MessageStatus = 'sent' | 'held' | 'rejected';

export interface ChatRoomMembersTable {
  room_id: string;
  user_id: string;
  name: string;
  joined_at: Timestamp;
  left_at: Timestamp | null;
  last_read_at: Timestamp | null;
}

export interface ChatMessagesTable {
  id: string;
  room_id: string;
  user_id: string;
  message: string;
  type: string;
  is_edited: Bool;
  client_id: string | null;
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Issue 29: the classifier's flags, comma-separated ('' for none); shown only to the recipient. */
  flags: ColumnType<string, string | undefined, string>;
}

export interface UserPreferencesTable {
  user_id: string;
  /** JSON array of GENDERS. */
  genders: Generated<string>;
  age_min: Generated<number>;
  age_max: Generated<number>;
  max_distance_km: number | null;
  city: string | null;
  province: string | null;
  /** JSON arrays of vocabulary values; empty means "any". */
  body_types: Generated<string>;
  drinking: Generated<string>;
  love_languages: Generated<string>;
  marital_statuses: Generated<string>;
  relationship_types: Generated<string>;
  /** JSON array of preference field names that are dealbreakers. */
  strict_fields: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type MessagePolicy = 'everyone' | 'matches' | 'verified';

export interface UserSettingsTable {
  user_id: string;
  show_age: GeneratedBool;
  show_distance: GeneratedBool;
  show_online: GeneratedBool;
  message_policy: ColumnType<MessagePolicy, MessagePolicy | undefined, MessagePolicy>;
  hide_from_discover: GeneratedBool;
  /** JSON: { [notification type]: { push: boolean, in_app: boolean } }; a missing entry means on. */
  notifications: Generated<string>;
  updated_at: Timestamp;
}

export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Timestamp;
  /** The blocked member's name when the block was made: what the blocker's list shows. */
  blocked_name: string | null;
  /** The blocker's name then: what a block back by the other member shows. */
  blocker_name: string | null;
}

/** A change of a member's own location (a few a day are allowed). */
export interface UserReportsTable {
  id: string;
  reporter_id: string | null;
  /** Null once the reported member deleted their account (the report and its evidence stay). */
  reported_id: string | null;
  reason: string;
  details: string | null;
  /** The feed post the report is about, if any. */
  post_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The chat message the report is about, if any (issue 29). */
  message_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'open', 'dismissed' or 'actioned' (issue 30). */
  status: Generated<string>;
  created_at: Timestamp;
  /** The moderation decision that closed the report (issue 30). */
  decision_id: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A report's evidence, as it was when filed (issue 29, migration 0019). */
export interface ReportEvidenceTable {
  report_id: string;
  reported_user_id: string;
  /** JSON (ReportSnapshot). */
  snapshot: string;
  created_at: Timestamp;
}

/** A member who deleted their account, as one member they had contact with may still report them (issue 29). */
export interface DepartedContactsTable {
  departed_id: string;
  member_id: string;
  room_id: string | null;
  room_name: string | null;
  /** JSON (ReportSnapshot), taken just before the deletion. */
  snapshot: string;
  created_at: Timestamp;
}

/** A chat message its author deleted: when, never what it said (issue 29). */
export interface ChatMessageDeletionsTable {
  id: string;
  room_id: string;
  user_id: string;
  created_at: Timestamp;
  deleted_at: Timestamp;
}

export interface ProfileVisitsTable {
  id: string;
  viewer_id: string;
  viewed_id: string;
  /** UTC day, YYYY-MM-DD. */
  visit_date: string;
  created_at: Timestamp;
}

export interface SupportMessagesTable {
  id: string;
  user_id: string | null;
  email: string | null;
  subject: string;
  message: string;
  created_at: Timestamp;
}

export type SwipeAction = 'like' | 'super_like' | 'pass';

export interface SwipesTable {
  actor_id: string;
  target_id: string;
  action: SwipeAction;
  created_at: Timestamp;
}

export interface MatchesTable {
  id: string;
  /** `<smaller id>:<larger id>`: one match per pair. */
  pair_key: string;
  user_a: string;
  user_b: string;
  kind: 'like' | 'super_like';
  chat_room_id: string | null;
  created_at: Timestamp;
  unmatched_at: Timestamp | null;
  unmatched_by: string | null;
}

export interface UsageCountersTable {
  user_id: string;
  day: string;
  likes: Generated<number>;
  super_likes: Generated<number>;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan: string;
  /** `grace`: the days a failed renewal keeps premium. */
  source: 'admin' | 'payment' | 'grace';
  starts_at: Timestamp;
  ends_at: Timestamp;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
  /** The payment that bought this period (each payment grants once). */
  payment_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BillingSubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string;
  provider: 'sandbox' | 'stripe' | 'apple' | 'google';
  provider_subscription_id: string | null;
  /** `incomplete` until the first payment, `active`, `past_due` after a failed renewal, `ended`. */
  status: 'incomplete' | 'active' | 'past_due' | 'ended';
  cancel_at_period_end: GeneratedBool;
  current_period_end: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  billing_subscription_id: string;
  plan_id: string;
  provider: 'sandbox' | 'stripe' | 'apple' | 'google';
  provider_ref: string | null;
  kind: 'initial' | 'renewal';
  amount_cents: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded';
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  /** A store's test-environment purchase (App Store sandbox, Play license tester): grants, but is no revenue (migration 0030). */
  test_purchase: GeneratedBool;
}

export interface PaymentCustomersTable {
  user_id: string;
  provider: 'sandbox' | 'stripe' | 'apple' | 'google';
  customer_id: string;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: Timestamp;
}

/** The token a member's store purchases carry (Apple's appAccountToken), issued once per member (issue 34). */
export interface StoreAccountTokensTable {
  user_id: string;
  token: string;
  created_at: Timestamp;
}

export interface BoostsTable {
  id: string;
  user_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

export interface FeedPostsTable {
  id: string;
  user_id: string;
  marital_status: string | null;
  relationship_type: string | null;
  how_often_drink: string | null;
  love_language: string | null;
  body_type: string | null;
  profile_description: string | null;
  is_available: Bool;
  preferred_age_min: number;
  preferred_age_max: number;
  preferred_body_type: string | null;
  preferred_city: string | null;
  preferred_drinking: string | null;
  preferred_love_language: string | null;
  preferred_marital_status: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FeedPostImagesTable {
  id: string;
  user_id: string;
  /** Null while uploaded but not used by a save yet. */
  post_id: string | null;
  /** 1–4 once attached (image_1 … image_4). */
  slot: number | null;
  storage_key: string;
  width: number;
  height: number;
  created_at: Timestamp;
}

export interface FeedPostLikesTable {
  post_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  body: string;
  actor_id: string | null;
  subject_id: string | null;
  chat_room_id: string | null;
  action: string | null;
  /** JSON of the spec §3 push data as sent. */
  data: string;
  is_read: GeneratedBool;
  read_at: Timestamp | null;
  is_clicked: GeneratedBool;
  clicked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PushDevicesTable {
  id: string;
  user_id: string;
  session_id: string;
  token: string;
  device_type: string;
  device_name: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PushCollapseTable {
  user_id: string;
  kind: string;
  window_ends_at: Timestamp;
  held: Generated<number>;
}

export interface PushRetriesTable {
  id: string;
  device_id: string;
  /** The push message as JSON. */
  message: string;
  attempt: number;
  due_at: Timestamp;
}

/** The limiter's database store (lib/limiter.ts): uses of a key in its current window. */
export interface LimitCountersTable {
  key: string;
  count: number;
  window_start: Timestamp;
  expires_at: Timestamp;
}

export interface JobRunsTable {
  job: string;
  slot: string;
  started_at: Timestamp;
}

/** Issue 33: jobs that failed their last attempt (the in-process back-end; BullMQ keeps its own). */
export interface FailedJobsTable {
  id: string;
  job_id: string;
  name: string;
  attempts: number;
  error: string;
  data: string;
  failed_at: Timestamp;
}

/** Issue 30: staff roles. */
export interface MemberRolesTable {
  user_id: string;
  role: string;
  granted_at: Timestamp;
}

export interface ModerationDecisionsTable {
  id: string;
  subject_id: string;
  report_id: string | null;
  moderator_id: string | null;
  action: string;
  reason_code: string;
  statement: string;
  content: string | null;
  strike: Bool;
  automatic: Bool;
  until: Timestamp | null;
  created_at: Timestamp;
  overturned_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A strike or ban, keyed on an HMAC of a mobile number or e-mail address (one row per key). */
export interface ModerationMarksTable {
  id: string;
  key_hash: string;
  decision_id: string;
  kind: 'strike' | 'ban';
  created_at: Timestamp;
  lifted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface ModerationAppealsTable {
  id: string;
  decision_id: string;
  member_id: string;
  text: string;
  status: string;
  created_at: Timestamp;
  decided_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  outcome_statement: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Append-only. */
export interface ModerationAuditTable {
  id: string;
  action: string;
  actor_id: string | null;
  subject_id: string | null;
  target: string | null;
  reason_code: string | null;
  statement: string | null;
  created_at: Timestamp;
}

/** Issue 31: photo verification (migration 0022). */
export interface VerificationChallengesTable {
  id: string;
  user_id: string;
  /** The two poses, comma-separated, in order. */
  poses: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface VerificationAttemptsTable {
  id: string;
  user_id: string;
  poses: string;
  status: 'verified' | 'rejected' | 'pending_review';
  /** JSON array of rejection reasons. */
  reasons: string;
  similarity: number | null;
  antispoof: number | null;
  liveness: number | null;
  estimated_age: number | null;
  /** JSON array of private storage keys while a moderator reviews; null otherwise. */
  selfie_keys: string | null;
  review_status: 'open' | 'closed' | null;
  priority: 'critical' | 'normal' | null;
  decision: 'approve' | 'reject' | null;
  decided_by: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

export interface VerificationHashesTable {
  id: string;
  user_id: string;
  attempt_id: string;
  hash: string;
  created_at: Timestamp;
}

export interface VerificationTemplatesTable {
  user_id: string;
  /** The face embedding, AES-256-GCM under a key derived from APP_SECRET (base64url). */
  template: string;
  created_at: Timestamp;
}

export interface Database {
  verification_challenges: VerificationChallengesTable;
  verification_attempts: VerificationAttemptsTable;
  verification_hashes: VerificationHashesTable;
  verification_templates: VerificationTemplatesTable;
  member_roles: MemberRolesTable;
  moderation_decisions: ModerationDecisionsTable;
  moderation_marks: ModerationMarksTable;
  moderation_appeals: ModerationAppealsTable;
  moderation_audit: ModerationAuditTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_photos: UserPhotosTable;
  interests: InterestsTable;
  user_interests: UserInterestsTable;
  dev_outbox: DevOutboxTable;
  otp_codes: OtpCodesTable;
  password_resets: PasswordResetsTable;
  phone_signups: PhoneSignupsTable;
  auth_events: AuthEventsTable;
  chat_rooms: ChatRoomsTable;
  chat_room_members: ChatRoomMembersTable;
  chat_messages: ChatMessagesTable;
  user_preferences: UserPreferencesTable;
  user_settings: UserSettingsTable;
  user_blocks: UserBlocksTable;
  user_reports: UserReportsTable;
  report_evidence: ReportEvidenceTable;
  departed_contacts: DepartedContactsTable;
  chat_message_deletions: ChatMessageDeletionsTable;
  profile_visits: ProfileVisitsTable;
  support_messages: SupportMessagesTable;
  swipes: SwipesTable;
  matches: MatchesTable;
  usage_counters: UsageCountersTable;
  subscriptions: SubscriptionsTable;
  billing_subscriptions: BillingSubscriptionsTable;
  payments: PaymentsTable;
  payment_customers: PaymentCustomersTable;
  payment_events: PaymentEventsTable;
  store_account_tokens: StoreAccountTokensTable;
  boosts: BoostsTable;
  feed_posts: FeedPostsTable;
  feed_post_images: FeedPostImagesTable;
  feed_post_likes: FeedPostLikesTable;
  notifications: NotificationsTable;
  push_devices: PushDevicesTable;
  push_collapse: PushCollapseTable;
  push_retries: PushRetriesTable;
  job_runs: JobRunsTable;
  failed_jobs: FailedJobsTable;
  limit_counters: LimitCountersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PushDeviceRow = Selectable<PushDevicesTable>;
export type PhotoRow = Selectable<UserPhotosTable>;
export type OutboxRow = Selectable<DevOutboxTable>;
export type OtpCodeRow = Selectable<OtpCodesTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type ChatMemberRow = Selectable<ChatRoomMembersTable>;
export type FeedPostRow = Selectable<FeedPostsTable>;
export type FeedPostImageRow = Selectable<FeedPostImagesTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;

/** Reads a boolean column portably (SQLite returns 0/1). */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}
