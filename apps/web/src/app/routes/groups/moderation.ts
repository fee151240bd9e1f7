/** The moderators' console (issue 30): loaded only once the session's roles allow it (app/guards/require-moderator.tsx). */
export { ModerationLayout } from '@/app/layouts/moderation-layout';
export {
  ModerationAppealsRoute,
  ModerationAuditRoute,
  ModerationHeldRoute,
  ModerationMemberRoute,
  ModerationQueueRoute,
  ModerationReportRoute,
  ModerationStatsRoute,
  ModerationVerificationRoute,
} from '@/app/routes/moderation/screens';
