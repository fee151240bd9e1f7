import type { QueueItem, VerificationRejectionReason, VerificationReview, VerificationState } from '@linkup/contract';
import type { AttemptRow } from './verification.repository';

const reasonsOf = (row: AttemptRow): VerificationRejectionReason[] => JSON.parse(row.reasons) as VerificationRejectionReason[];

/** `GET /verification`: the badge when on, else the latest attempt's outcome. */
export function presentState(verifiedAt: string | null, latest: AttemptRow | undefined, attemptsLeft: number): VerificationState {
  if (verifiedAt) return { status: 'verified', verified_at: verifiedAt, attempts_left_today: attemptsLeft, reasons: [] };
  const status = latest?.status === 'pending_review' ? 'pending_review' : latest?.status === 'rejected' ? 'rejected' : 'none';
  return { status, verified_at: null, attempts_left_today: attemptsLeft, reasons: status === 'rejected' ? reasonsOf(latest!) : [] };
}

/** A borderline verification in the moderation queue (kind `verification`). */
export function presentReviewQueueItem(row: AttemptRow & { name: string | null }): QueueItem {
  return {
    id: row.id,
    kind: 'verification',
    priority: row.priority === 'critical' ? 'critical' : 'normal',
    created_at: row.created_at,
    subject: {
      id: row.user_id, name: row.name, photo: null, created_at: null, deleted: row.name === null, standing: 'good', strikes: 0, false_reporter: false,
    },
    reporter: null,
    reason: row.priority === 'critical' ? 'verification_underage_suspected' : 'verification',
    reports_count: 0,
  };
}

/** The moderator's view: selfies (data URLs) beside the profile photos, and the scores. */
export function presentReview(row: AttemptRow, name: string | null, selfies: (string | null)[], profilePhotos: string[]): VerificationReview {
  const poses = row.poses.split(',') as VerificationReview['selfies'][number]['pose'][];
  return {
    id: row.id,
    member_id: row.user_id,
    name,
    status: row.review_status === 'closed' ? 'closed' : 'open',
    created_at: row.created_at,
    selfies: poses.map((pose, i) => ({ pose, image: selfies[i] ?? null })),
    profile_photos: profilePhotos,
    similarity: row.similarity,
    antispoof: row.antispoof,
    liveness: row.liveness,
    estimated_age: row.estimated_age === null ? null : Math.round(row.estimated_age),
    decision: row.decision,
  };
}
