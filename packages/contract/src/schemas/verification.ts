import { z } from 'zod';
import { IdSchema, TimestampSchema, lineText } from './common';

/**
 * Photo verification (issue 31): a selfie per pose of a random two-pose challenge, checked on our
 * own server (face detection, embedding, antispoof and liveness — no outside service) against the
 * faces of the member's profile photos. Borderline results wait for a moderator (queue kind
 * `verification`). Selfies are deleted once decided.
 */

export const VERIFICATION_POSES = ['turn_left', 'turn_right', 'look_up', 'smile', 'mouth_open'] as const;
export type VerificationPose = (typeof VERIFICATION_POSES)[number];

/** What the camera screen tells the member to do, per pose. */
export const VERIFICATION_POSE_LABELS: Readonly<Record<VerificationPose, string>> = {
  turn_left: 'Turn your head to the left',
  turn_right: 'Turn your head to the right',
  look_up: 'Look up',
  smile: 'Smile',
  mouth_open: 'Open your mouth',
};

/** A member's verification standing (`GET /verification`). */
export const VERIFICATION_STATUSES = ['none', 'pending_review', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** What one selfie check decided (`POST /verification/selfie`). */
export const VERIFICATION_OUTCOMES = ['verified', 'rejected', 'pending_review'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/** Why a selfie was not verified: codes the client turns into what to do next. */
export const VERIFICATION_REJECTION_REASONS = [
  'no_face', 'several_faces', 'pose_not_matched', 'face_mismatch', 'spoof_suspected', 'duplicate_selfie', 'challenge_expired',
] as const;
export type VerificationRejectionReason = (typeof VERIFICATION_REJECTION_REASONS)[number];

/** What to do next, per rejection reason (the result screen). */
export const VERIFICATION_REASON_TEXTS: Readonly<Record<VerificationRejectionReason, string>> = {
  no_face: 'We could not see a face. Face the camera in good light and try again.',
  several_faces: 'We saw more than one face. Make sure you are alone in the picture.',
  pose_not_matched: 'The pose did not match. Follow the instruction on screen and hold it for a moment.',
  face_mismatch: 'Your selfie does not match your main profile photo. Use a main photo that clearly shows your face.',
  spoof_suspected: 'This looked like a photo of a screen or a print. Take a live selfie with your camera.',
  duplicate_selfie: 'This selfie was already used by another account.',
  challenge_expired: 'The time for this challenge ran out. Start again.',
};

export const VERIFICATION_LIMITS = {
  /** Minutes a challenge stays open. */
  challengeMinutes: 5,
  /** Poses per challenge (two distinct ones, at random). */
  posesPerChallenge: 2,
  /** Selfie checks (`POST /verification/selfie`) a member may run per day. */
  attemptsPerDay: 5,
  /** Largest selfie image, in bytes. */
  selfieMaxBytes: 5 * 1024 * 1024,
  /** Image types a selfie may have. */
  selfieTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

export const VERIFICATION_MESSAGES = {
  /** The notification when the main photo's face no longer matches the verified face. */
  mainPhotoChanged: 'Your main photo changed — verify again',
  verified: 'You are verified',
  pendingReview: 'Thanks! A moderator will check your selfie shortly.',
  rejected: 'We could not verify you this time.',
  /** 409 verification_photo_required. */
  photoRequired: 'Add a main profile photo that shows your face before you verify.',
  /** 409 verification_pending. */
  pending: 'Your selfie is waiting for a moderator.',
  /** 429 verification_limit. */
  limit: 'You have used today’s verification attempts. Try again tomorrow.',
  /** 409 already_verified. */
  alreadyVerified: 'You are already verified.',
  /** The badge's accessible name. */
  badge: 'Verified',
  getVerified: 'Get verified',
  /** Premium comparison: verification is free. */
  free: 'Photo verification is free for everyone.',
} as const;

/** `POST /verification/challenge`. */
export const VerificationChallengeSchema = z.object({
  challenge_id: IdSchema,
  poses: z.array(z.enum(VERIFICATION_POSES)).length(VERIFICATION_LIMITS.posesPerChallenge),
  expires_at: TimestampSchema,
});
export type VerificationChallenge = z.infer<typeof VerificationChallengeSchema>;

/**
 * `POST /verification/selfie` is multipart: this field, then one image file per pose, in the
 * challenge's order (the files' field names are not read).
 */
export const VerificationSelfieFieldsSchema = z.object({ challenge_id: IdSchema });
export type VerificationSelfieFields = z.infer<typeof VerificationSelfieFieldsSchema>;

/** `POST /verification/selfie`: the outcome; `reasons` is empty unless rejected. */
export const VerificationResultSchema = z.object({
  status: z.enum(VERIFICATION_OUTCOMES),
  reasons: z.array(z.enum(VERIFICATION_REJECTION_REASONS)),
});
export type VerificationResult = z.infer<typeof VerificationResultSchema>;

/** `GET /verification`. */
export const VerificationStateSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  verified_at: TimestampSchema.nullable(),
  attempts_left_today: z.number().int().min(0),
  /** Reasons of the last rejection (empty otherwise). */
  reasons: z.array(z.enum(VERIFICATION_REJECTION_REASONS)),
});
export type VerificationState = z.infer<typeof VerificationStateSchema>;

/**
 * What the account export lists of verification (issue 31): every decision and its time, how many
 * selfie hashes are kept, and whether the (encrypted) face template is kept — never the template.
 */
export const VerificationExportSchema = z.object({
  decisions: z.array(z.object({
    status: z.enum(VERIFICATION_OUTCOMES), reasons: z.array(z.string()), created_at: TimestampSchema, decided_at: TimestampSchema.nullable(),
  })),
  perceptual_hashes_kept: z.number().int().min(0),
  face_template_kept: z.boolean(),
});
export type VerificationExport = z.infer<typeof VerificationExportSchema>;

/** Query flag (`?verified_only=true`): only photo-verified members. */
export const verifiedOnlyFlag = () => z.enum(['true', 'false']).optional();

// ── Moderation: borderline verifications (queue kind `verification`) ──

export const VERIFICATION_REVIEW_OUTCOMES = ['approve', 'reject'] as const;
export type VerificationReviewOutcome = (typeof VERIFICATION_REVIEW_OUTCOMES)[number];

/**
 * A pending verification as the moderator sees it: the selfies (data URLs, never public files)
 * beside the member's profile photos, and the scores that made it borderline.
 */
export const VerificationReviewSchema = z.object({
  id: IdSchema,
  member_id: IdSchema,
  name: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  created_at: TimestampSchema,
  selfies: z.array(z.object({ pose: z.enum(VERIFICATION_POSES), image: z.string().nullable() })),
  profile_photos: z.array(z.string()),
  /** Face similarity of the selfie with the main photo, 0–1. */
  similarity: z.number().nullable(),
  /** Antispoof ("real") and liveness scores, 0–1 (the lowest over the selfies). */
  antispoof: z.number().nullable(),
  liveness: z.number().nullable(),
  /** Estimated age of the selfie's face (a moderator checks members who may be under 18). */
  estimated_age: z.number().nullable(),
  decision: z.enum(VERIFICATION_REVIEW_OUTCOMES).nullable(),
});
export type VerificationReview = z.infer<typeof VerificationReviewSchema>;

/** `POST /moderation/verifications/{id}/decision`. */
export const VerificationReviewDecisionBodySchema = z.object({
  outcome: z.enum(VERIFICATION_REVIEW_OUTCOMES),
  /** Why it was rejected (told to the member); required to reject. */
  reason: z.enum(VERIFICATION_REJECTION_REASONS).optional(),
  note: lineText().trim().max(500).optional(),
}).refine((b) => b.outcome === 'approve' || b.reason !== undefined, { path: ['reason'], error: 'Choose why it is rejected.' });
export type VerificationReviewDecisionBody = z.input<typeof VerificationReviewDecisionBodySchema>;
