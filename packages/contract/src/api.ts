/**
 * What every API endpoint answers, per HTTP status: the body's schema (for successes the
 * `{ success, data, message? }` envelope around the data). Keys are 'METHOD /path' as the server
 * registers them under /api (`:id` for parameters).
 *
 * Two checks keep this table true, so web tests that mock the API cannot drift from it:
 * - the server's `test/api-responses.test.ts` compares it, route by route and status by status,
 *   with the response schemas the running server declares (a new or changed route fails there
 *   until it is listed here);
 * - the web's mock helpers (`apps/web/src/test/fixtures.ts`) parse every mocked response with it.
 */
import { z } from 'zod';
import { OtpSentSchema, OtpStatusSchema, SessionUserSchema, VerifyOtpResultSchema } from './schemas/auth';
import { ChatMessageSchema, ChatRequestSchema, ChatRoomSchema, ChatUserSearchResultSchema } from './schemas/chat';
import { ApiErrorSchema, HealthSchema, LivenessSchema, ReadinessSchema, envelope, paginated } from './schemas/common';
import { OutboxMessageSchema } from './schemas/dev';
import {
  FeedImageSchema, FeedNotificationSchema, FeedNotificationsSchema, FeedPageSchema, FeedPostSchema, OwnPostResponseSchema, PostLikeResultSchema,
  UnreadCountSchema,
} from './schemas/feed';
import { FaqSchema, SupportMessageSchema } from './schemas/help';
import {
  ActivitySchema, BoostSchema, DiscoverPageSchema, LikesReceivedSchema, MatchDetailsSchema, MatchSchema, MatchStatsSchema, SwipeResultSchema,
  UndoResultSchema, VisitorsSchema,
} from './schemas/matching';
import {
  AppealSchema, AuditEntrySchema, DecisionResultSchema, HeldMessageResultSchema, HeldMessageSchema, MemberRolesSchema,
  ModerationAppealSchema, ModerationMemberDetailSchema, ModerationStatsSchema, QueueItemSchema, ReportDetailSchema, StandingSchema,
} from './schemas/moderation';
import { OnboardingCompleteSchema, OnboardingStatusSchema } from './schemas/onboarding';
import {
  MemberLocationSchema, PreferenceOptionsSchema, PreferencesCompletionSchema, PreferencesSchema,
} from './schemas/preferences';
import {
  InterestCatalogueSchema, MyInterestsSchema, OwnProfileSchema, PhotoListSchema, PhotoSchema, PublicProfileSchema,
} from './schemas/profile';
import { PushDeviceSchema, WebPushKeySchema } from './schemas/push';
import { BlockedMemberSchema, ReportResultSchema } from './schemas/safety';
import {
  AccountExportSchema, AccountUserSchema, LogoutOthersSchema, MobileCodeSentSchema, SettingsSchema,
} from './schemas/settings';
import {
  CheckoutResultSchema, PaymentStatusResultSchema, PlanSchema, PortalResultSchema, SubscriptionStatusSchema, StoreAccountTokenSchema,
} from './schemas/subscriptions';
import { VerificationChallengeSchema, VerificationResultSchema, VerificationReviewSchema, VerificationStateSchema } from './schemas/verification';

/** Body schema per success status of one endpoint. */
export type ApiResponses = Readonly<Record<number, z.ZodType>>;

const ok = (data: z.ZodType): ApiResponses => ({ 200: envelope(data) });
const created = (data: z.ZodType): ApiResponses => ({ 201: envelope(data) });
/** 201 when the call created the thing, 200 when it was already there (idempotent creates). */
const createdOrFound = (data: z.ZodType): ApiResponses => ({ 200: envelope(data), 201: envelope(data) });

const TokenAndUser = z.object({ token: z.string(), user: SessionUserSchema });
const UserOnly = z.object({ user: SessionUserSchema });
const Nothing = z.null();

export const API_RESPONSES = {
  'GET /health': { 200: envelope(HealthSchema), 503: ApiErrorSchema.extend({ data: HealthSchema }) },
  'GET /health/live': ok(LivenessSchema),
  'GET /health/ready': { 200: envelope(ReadinessSchema), 503: ApiErrorSchema.extend({ data: ReadinessSchema }) },

  'POST /auth/request-otp': ok(OtpSentSchema),
  'POST /auth/resend-otp': ok(OtpSentSchema),
  'POST /auth/otp-status': ok(OtpStatusSchema),
  'POST /auth/verify-otp': ok(VerifyOtpResultSchema),
  'POST /auth/login': ok(TokenAndUser),
  'POST /auth/register': created(TokenAndUser),
  'POST /auth/register/phone': created(TokenAndUser),
  'POST /auth/email/verify': ok(UserOnly),
  'POST /auth/email/resend': ok(Nothing),
  'POST /auth/forgot-password': ok(Nothing),
  'POST /auth/reset-password': ok(Nothing),
  'GET /auth/user': ok(UserOnly),
  'POST /auth/logout': ok(Nothing),

  'GET /chat/rooms': ok(paginated(ChatRoomSchema)),
  'POST /chat/rooms': createdOrFound(ChatRoomSchema),
  'GET /chat/rooms/:id': ok(ChatRoomSchema),
  'GET /chat/rooms/:id/messages': ok(paginated(ChatMessageSchema)),
  'POST /chat/messages': createdOrFound(ChatMessageSchema),
  'PUT /chat/messages/:id': ok(ChatMessageSchema),
  'DELETE /chat/messages/:id': ok(Nothing),
  'POST /chat/rooms/:id/read': ok(z.object({ read_at: z.string() })),
  'GET /chat/users/search': ok(paginated(ChatUserSearchResultSchema)),
  'DELETE /chat/rooms/:id/leave': ok(Nothing),
  // Message requests (issue 29).
  'GET /chat/requests': ok(paginated(ChatRequestSchema)),
  'POST /chat/rooms/:id/accept': ok(ChatRoomSchema),
  'POST /chat/rooms/:id/decline': ok(Nothing),

  'GET /profile': ok(OwnProfileSchema),
  'PUT /profile': ok(OwnProfileSchema),
  'GET /profile/photos': ok(PhotoListSchema),
  'POST /profile/photos': created(PhotoSchema),
  'PUT /profile/photos/order': ok(PhotoListSchema),
  'PUT /profile/photos/:id/primary': ok(PhotoListSchema),
  'DELETE /profile/photos/:id': ok(PhotoListSchema),
  'GET /interests': ok(InterestCatalogueSchema),
  'PUT /profile/interests': ok(MyInterestsSchema),

  'GET /preferences': ok(PreferencesSchema),
  'PUT /preferences': ok(PreferencesSchema),
  'POST /preferences/dating': ok(PreferencesSchema),
  'POST /preferences/location': ok(MemberLocationSchema),
  'GET /preferences/completion-status': ok(PreferencesCompletionSchema),
  'DELETE /preferences/reset': ok(PreferencesSchema),
  'GET /preferences/options': ok(PreferenceOptionsSchema),

  'GET /onboarding/status': ok(OnboardingStatusSchema),
  'POST /onboarding/complete': ok(OnboardingCompleteSchema),

  'GET /users/:id': ok(PublicProfileSchema),
  'POST /users/:id/block': createdOrFound(BlockedMemberSchema),
  'DELETE /users/:id/block': ok(Nothing),
  'GET /blocks': ok(paginated(BlockedMemberSchema)),
  'POST /users/:id/report': createdOrFound(ReportResultSchema),

  'GET /settings': ok(SettingsSchema),
  'PUT /settings': ok(SettingsSchema),

  'PUT /account/email': ok(AccountUserSchema),
  'POST /account/mobile/code': ok(MobileCodeSentSchema),
  'PUT /account/mobile': ok(AccountUserSchema),
  'POST /account/mobile/confirm/code': ok(MobileCodeSentSchema),
  'POST /account/mobile/confirm': ok(AccountUserSchema),
  'PUT /account/password': ok(LogoutOthersSchema),
  'POST /account/logout-others': ok(LogoutOthersSchema),
  // The export is a file to keep, not an envelope.
  'GET /account/export': { 200: AccountExportSchema },
  'DELETE /account': ok(Nothing),

  'GET /help/faq': ok(FaqSchema),
  'POST /help/contact': created(SupportMessageSchema),

  'GET /matches/discover': ok(DiscoverPageSchema),
  'POST /matches/:id/like': ok(SwipeResultSchema),
  'POST /matches/:id/super-like': ok(SwipeResultSchema),
  'POST /matches/:id/pass': ok(SwipeResultSchema),
  'GET /matches': ok(paginated(MatchSchema)),
  'GET /matches/likes': ok(LikesReceivedSchema),
  'GET /matches/stats/summary': ok(MatchStatsSchema),
  'POST /matches/undo-last-action': ok(UndoResultSchema),
  'POST /matches/boost-profile': ok(BoostSchema),
  'GET /matches/:id': ok(MatchDetailsSchema),
  'DELETE /matches/:id': ok(Nothing),
  'GET /visitors': ok(VisitorsSchema),
  'GET /activity': ok(ActivitySchema),

  'GET /feed': ok(FeedPageSchema),
  'GET /feed/posts/:id': ok(FeedPostSchema),
  'POST /feed/posts/:id/like': ok(PostLikeResultSchema),
  'DELETE /feed/posts/:id/unlike': ok(PostLikeResultSchema),
  'GET /feed/my-post': ok(OwnPostResponseSchema),
  'POST /feed/my-post': created(OwnPostResponseSchema),
  'PUT /feed/my-post': ok(OwnPostResponseSchema),
  'DELETE /feed/my-post': ok(OwnPostResponseSchema),
  'POST /feed/my-post/images': created(FeedImageSchema),
  'GET /feed/notifications': ok(FeedNotificationsSchema),
  'GET /feed/notifications/unread-count': ok(UnreadCountSchema),
  'PUT /feed/notifications/read': ok(UnreadCountSchema),
  'PUT /feed/notifications/:id/read': ok(FeedNotificationSchema),
  'PUT /feed/notifications/:id/clicked': ok(FeedNotificationSchema),

  'GET /subscription/plans': ok(z.array(PlanSchema)),
  'GET /subscription': ok(SubscriptionStatusSchema),
  'POST /subscription/checkout': created(CheckoutResultSchema),
  'POST /subscription/cancel': ok(SubscriptionStatusSchema),
  'POST /subscription/resume': ok(SubscriptionStatusSchema),
  'POST /subscription/portal': ok(PortalResultSchema),
  'GET /payments/:id': ok(PaymentStatusResultSchema),
  'POST /payments/webhooks/:provider': ok(z.object({ received: z.literal(true) })),
  'GET /subscriptions/:store/account-token': ok(StoreAccountTokenSchema),
  'POST /subscriptions/apple/transactions': ok(SubscriptionStatusSchema),
  'POST /webhooks/apple': ok(z.object({ received: z.literal(true) })),
  'POST /subscriptions/google/purchases': ok(SubscriptionStatusSchema),
  'POST /webhooks/google': ok(z.object({ received: z.literal(true) })),

  'POST /user/fcm-token': ok(PushDeviceSchema),
  'DELETE /user/fcm-token': ok(Nothing),
  'GET /push/web-push-key': ok(WebPushKeySchema),

  'GET /dev/outbox': ok(z.array(OutboxMessageSchema)),

  // Issue 30: moderation (404 to members without a role) and the member's standing.
  'GET /account/standing': ok(StandingSchema),
  'POST /account/appeals': created(AppealSchema),
  'GET /moderation/queue': ok(paginated(QueueItemSchema)),
  'GET /moderation/reports/:id': ok(ReportDetailSchema),
  'POST /moderation/reports/:id/decision': ok(DecisionResultSchema),
  'POST /moderation/members/:id/actions': ok(DecisionResultSchema),
  'GET /moderation/members/:id': ok(ModerationMemberDetailSchema),
  'PUT /moderation/members/:id/roles': ok(MemberRolesSchema),
  'GET /moderation/appeals': ok(paginated(ModerationAppealSchema)),
  'POST /moderation/appeals/:id/decision': ok(ModerationAppealSchema),
  'GET /moderation/held-messages': ok(paginated(HeldMessageSchema)),
  'POST /moderation/held-messages/:id/release': ok(HeldMessageResultSchema),
  'POST /moderation/held-messages/:id/reject': ok(HeldMessageResultSchema),
  'GET /moderation/audit': ok(paginated(AuditEntrySchema)),
  'GET /moderation/stats': ok(ModerationStatsSchema),

  // Issue 31: photo verification, and its borderline cases in the moderation console.
  'GET /verification': ok(VerificationStateSchema),
  'POST /verification/challenge': created(VerificationChallengeSchema),
  'POST /verification/selfie': ok(VerificationResultSchema),
  'GET /moderation/verifications/:id': ok(VerificationReviewSchema),
  'POST /moderation/verifications/:id/decision': ok(VerificationReviewSchema),
} as const satisfies Record<string, ApiResponses>;

export type ApiEndpoint = keyof typeof API_RESPONSES;

/**
 * Endpoints of the spec the web calls before the server serves them (the web copes with their
 * 404). The server's API test fails once one is served while still listed here: empty it as the
 * issues land.
 */
export const API_NOT_YET_SERVED: ReadonlySet<ApiEndpoint> = new Set<ApiEndpoint>([]);

const patterns = Object.keys(API_RESPONSES).map((key) => {
  const [method, path] = key.split(' ') as [string, string];
  const regex = new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return { key: key as ApiEndpoint, method, regex, literal: !path.includes(':') };
});

/**
 * The endpoint a call goes to: `method` and a concrete path under /api (no query), e.g.
 * `findEndpoint('GET', '/chat/rooms/r1')` → 'GET /chat/rooms/:id'. A literal path wins over a
 * pattern ('GET /matches/likes' over 'GET /matches/:id').
 */
export function findEndpoint(method: string, path: string): ApiEndpoint | undefined {
  const upper = method.toUpperCase();
  const candidates = patterns.filter((p) => p.method === upper && p.regex.test(path));
  return (candidates.find((p) => p.literal) ?? candidates[0])?.key;
}
