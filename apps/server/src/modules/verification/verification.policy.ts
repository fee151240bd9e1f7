import type { VerificationOutcome, VerificationPose, VerificationRejectionReason } from '@linkup/contract';
import type { FaceReport } from '../../adapters/faces/face-analyzer';

/**
 * The thresholds of photo verification (issue 31), chosen from the scores the models gave the
 * fixture images (apps/server/test/fixtures/faces; docs/decisions.md "Photo verification
 * thresholds"). Between `near` and `pass` a selfie is neither clearly right nor clearly wrong: a
 * moderator decides (pending_review).
 */
export const VERIFICATION_THRESHOLDS = {
  /** A detection counts as a face from this detector score. */
  faceScore: 0.5,
  /** Head turned: |yaw| in degrees (negative yaw is human's "facing left"). */
  turn: { pass: 15, near: 10 },
  /** Looking up: −pitch in degrees (positive pitch is human's "head down"). */
  lookUp: { pass: 10, near: 6 },
  /** The emotion model's "happy" score. */
  smile: { pass: 0.6, near: 0.4 },
  /** Lip gap against face height, percent. */
  mouthOpen: { pass: 35, near: 25 },
  /** Antispoof "real" score (printed or on-screen faces score low). */
  antispoof: { pass: 0.35, near: 0.25 },
  liveness: { pass: 0.6, near: 0.4 },
  /** Face similarity (human's match.similarity) of each selfie with the main photo's face. */
  match: { pass: 0.45, near: 0.38 },
  /** Bits within which two selfies' perceptual hashes count as the same selfie. */
  duplicateBits: 6,
  /** The selfies' mean estimated age below which a moderator must look (never an automatic ban). */
  underageEstimate: 13,
} as const;

type Grade = 'pass' | 'near' | 'fail';

const grade = (value: number | null, band: { pass: number; near: number }): Grade =>
  value === null ? 'fail' : value >= band.pass ? 'pass' : value >= band.near ? 'near' : 'fail';

/** How clearly one face holds the pose asked. */
export function poseGrade(pose: VerificationPose, face: FaceReport): Grade {
  const t = VERIFICATION_THRESHOLDS;
  switch (pose) {
    case 'turn_left': return grade(face.yaw === null ? null : -face.yaw, t.turn);
    case 'turn_right': return grade(face.yaw, t.turn);
    case 'look_up': return grade(face.pitch === null ? null : -face.pitch, t.lookUp);
    case 'smile': return grade(face.happy, t.smile);
    case 'mouth_open': return grade(face.mouthOpen, t.mouthOpen);
  }
}

/** The faces of an image that count (detector score ≥ faceScore). */
export const facesOf = (faces: readonly FaceReport[]): FaceReport[] => faces.filter((f) => f.score >= VERIFICATION_THRESHOLDS.faceScore);

/** Human's match.similarity, passed in so the policy stays a pure function of numbers. */
export type Similarity = (a: readonly number[], b: readonly number[]) => number;

export interface SelfieFacts {
  poses: readonly VerificationPose[];
  /** The faces found in each selfie, in the poses' order. */
  selfies: readonly (readonly FaceReport[])[];
  /** The faces found in the member's main photo. */
  mainPhoto: readonly FaceReport[];
  /** A selfie's perceptual hash is close to one of another account's selfies. */
  duplicate: boolean;
  similarity: Similarity;
}

export interface Judgement {
  status: VerificationOutcome;
  reasons: VerificationRejectionReason[];
  /** Lowest similarity of a selfie with the main photo; null when a face was missing. */
  similarity: number | null;
  antispoof: number | null;
  liveness: number | null;
  estimatedAge: number | null;
  /** Mean estimated age well under 18: the review is critical. */
  underageSuspected: boolean;
  /** The selfies' face embeddings (the template, once verified). */
  embeddings: number[][];
}

const min = (values: readonly (number | null)[]): number | null => {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? Math.min(...present) : null;
};

/**
 * Decides a selfie check from what the models saw: rejected with every reason that clearly fails,
 * else pending_review when a score sits between near and pass (or the face looks under 18), else
 * verified. Pure: the same facts always give the same judgement.
 */
export function judgeSelfies(facts: SelfieFacts): Judgement {
  const t = VERIFICATION_THRESHOLDS;
  const reasons = new Set<VerificationRejectionReason>();
  let near = false;
  const selfieFaces = facts.selfies.map(facesOf);
  if (selfieFaces.some((faces) => faces.length === 0)) reasons.add('no_face');
  if (selfieFaces.some((faces) => faces.length > 1)) reasons.add('several_faces');
  const single = selfieFaces.map((faces) => (faces.length === 1 ? faces[0]! : null));
  const faces = single.filter((f): f is FaceReport => f !== null);

  single.forEach((face, i) => {
    if (!face) return;
    const g = poseGrade(facts.poses[i]!, face);
    if (g === 'fail') reasons.add('pose_not_matched');
    if (g === 'near') near = true;
  });

  const antispoof = min(faces.map((f) => f.real));
  const liveness = min(faces.map((f) => f.live));
  const spoofGrades = faces.length ? [grade(antispoof, t.antispoof), grade(liveness, t.liveness)] : [];
  if (spoofGrades.includes('fail')) reasons.add('spoof_suspected');
  if (spoofGrades.includes('near')) near = true;

  const main = facesOf(facts.mainPhoto);
  const similarity = faces.length && single.every((f) => f !== null)
    ? Math.min(...faces.map((f) => Math.max(0, ...main.map((m) => facts.similarity(f.embedding, m.embedding)))))
    : null;
  if (similarity !== null) {
    const g = grade(similarity, t.match);
    if (g === 'fail') reasons.add('face_mismatch');
    if (g === 'near') near = true;
  }
  if (facts.duplicate) reasons.add('duplicate_selfie');

  const ages = faces.map((f) => f.age).filter((a): a is number => a !== null);
  const estimatedAge = ages.length ? ages.reduce((a, b) => a + b, 0) / ages.length : null;
  const underageSuspected = estimatedAge !== null && estimatedAge < t.underageEstimate;

  const status: VerificationOutcome = reasons.size ? 'rejected' : near || underageSuspected ? 'pending_review' : 'verified';
  return {
    status, reasons: [...reasons], similarity, antispoof, liveness, estimatedAge, underageSuspected,
    embeddings: faces.map((f) => f.embedding),
  };
}

/**
 * The badge follows the face: whether a new main photo still shows the verified member — one of
 * its faces at least `near` the template. No face, or only others', removes the badge.
 */
export function mainPhotoKeepsBadge(template: readonly (readonly number[])[], mainPhoto: readonly FaceReport[], similarity: Similarity): boolean {
  return facesOf(mainPhoto).some((face) => template.some((t) => similarity(face.embedding, t) >= VERIFICATION_THRESHOLDS.match.near));
}

/** Two distinct poses drawn with `randomInt(n)` (0 ≤ result < n). */
export function drawPoses(all: readonly VerificationPose[], count: number, randomInt: (n: number) => number): VerificationPose[] {
  const pool = [...all];
  const drawn: VerificationPose[] = [];
  while (drawn.length < count && pool.length) drawn.push(pool.splice(randomInt(pool.length), 1)[0]!);
  return drawn;
}
