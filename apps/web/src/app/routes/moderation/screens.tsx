import { routeByName } from '@linkup/contract';
import { useParams } from 'react-router';
import { useSessionStore } from '@/lib/session-store';
import { AppealsScreen } from '@/features/moderation/components/appeals-screen';
import { AuditScreen } from '@/features/moderation/components/audit-screen';
import { HeldMessagesScreen } from '@/features/moderation/components/held-messages-screen';
import { MemberScreen } from '@/features/moderation/components/member-screen';
import { QueueScreen } from '@/features/moderation/components/queue-screen';
import { ReportScreen } from '@/features/moderation/components/report-screen';
import { StatsScreen } from '@/features/moderation/components/stats-screen';
import { VerificationReviewScreen } from '@/features/moderation/components/verification-review-screen';

/** /moderation — the queue. */
export const ModerationQueueRoute = () => <QueueScreen title={routeByName('moderation.queue').title} />;

/** /moderation/reports/:id — a report with its evidence. */
export function ModerationReportRoute() {
  const { id = '' } = useParams();
  return <ReportScreen key={id} reportId={id} title={routeByName('moderation.report').title} />;
}

/** /moderation/members/:id — a member's record. */
export function ModerationMemberRoute() {
  const { id = '' } = useParams();
  const isAdmin = useSessionStore((s) => s.user?.roles?.includes('admin') === true);
  return <MemberScreen key={id} memberId={id} title={routeByName('moderation.member').title} isAdmin={isAdmin} />;
}

export const ModerationAppealsRoute = () => <AppealsScreen title={routeByName('moderation.appeals').title} />;
/** /moderation/verifications/:id — a borderline photo verification (issue 31). */
export function ModerationVerificationRoute() {
  const { id = '' } = useParams();
  return <VerificationReviewScreen key={id} verificationId={id} title={routeByName('moderation.verification').title} />;
}

export const ModerationHeldRoute = () => <HeldMessagesScreen title={routeByName('moderation.held').title} />;
export const ModerationAuditRoute = () => <AuditScreen title={routeByName('moderation.audit').title} />;
export const ModerationStatsRoute = () => <StatsScreen title={routeByName('moderation.stats').title} />;
