import { describe, expect, it } from 'vitest';
import type { FaceReport } from '../../adapters/faces/face-analyzer';
import { drawPoses, judgeSelfies, mainPhotoKeepsBadge, poseGrade, type SelfieFacts } from './verification.policy';

/** A face as the models report it: frontal, neutral, real, an adult; `embedding` says who it is. */
const face = (over: Partial<FaceReport> = {}): FaceReport => ({
  score: 0.9, box: [0, 0, 100, 100], age: 30, real: 0.9, live: 0.9, yaw: 0, pitch: 0, roll: 0, happy: 0, mouthOpen: 0,
  embedding: [1, 0], ...over,
});
/** Similarity by embedding: the same vector is the same person (1), [0.4, x] a borderline one. */
const similarity = (a: readonly number[], b: readonly number[]) => (a[0] === b[0] && a[1] === b[1] ? 1 : a[0] === 0.4 || b[0] === 0.4 ? 0.4 : 0.1);

const facts = (over: Partial<SelfieFacts> = {}): SelfieFacts => ({
  poses: ['turn_left', 'smile'],
  selfies: [[face({ yaw: -20 })], [face({ happy: 0.9 })]],
  mainPhoto: [face()],
  duplicate: false,
  similarity,
  ...over,
});

describe('poseGrade', () => {
  it('grades each pose by its own measure: pass, near (a moderator looks), fail', () => {
    expect(poseGrade('turn_left', face({ yaw: -20 }))).toBe('pass');
    expect(poseGrade('turn_left', face({ yaw: 20 }))).toBe('fail');
    expect(poseGrade('turn_right', face({ yaw: 12 }))).toBe('near');
    expect(poseGrade('look_up', face({ pitch: -12 }))).toBe('pass');
    expect(poseGrade('look_up', face({ pitch: -7 }))).toBe('near');
    expect(poseGrade('look_up', face({ pitch: 5 }))).toBe('fail');
    expect(poseGrade('look_up', face({ pitch: null }))).toBe('fail');
    expect(poseGrade('smile', face({ happy: 0.5 }))).toBe('near');
    expect(poseGrade('mouth_open', face({ mouthOpen: 40 }))).toBe('pass');
    expect(poseGrade('mouth_open', face({ mouthOpen: null }))).toBe('fail');
  });
});

describe('judgeSelfies', () => {
  it('verifies the same person holding the poses asked, and keeps the selfies’ embeddings as the template', () => {
    const judgement = judgeSelfies(facts());
    expect(judgement).toMatchObject({ status: 'verified', reasons: [], similarity: 1, underageSuspected: false });
    expect(judgement.embeddings).toEqual([[1, 0], [1, 0]]);
  });

  it('rejects with every reason that clearly fails', () => {
    expect(judgeSelfies(facts({ selfies: [[], [face({ happy: 0.9 })]] })).reasons).toEqual(['no_face']);
    expect(judgeSelfies(facts({ selfies: [[face({ yaw: -20 }), face({ yaw: -20 })], [face({ happy: 0.9 })]] })).reasons).toEqual(['several_faces']);
    expect(judgeSelfies(facts({ selfies: [[face({ yaw: 0 })], [face({ happy: 0.9 })]] })).reasons).toEqual(['pose_not_matched']);
    expect(judgeSelfies(facts({ mainPhoto: [face({ embedding: [0, 1] })] })).reasons).toEqual(['face_mismatch']);
    expect(judgeSelfies(facts({ selfies: [[face({ yaw: -20, real: 0.1 })], [face({ happy: 0.9 })]] })).reasons).toEqual(['spoof_suspected']);
    expect(judgeSelfies(facts({ duplicate: true })).reasons).toEqual(['duplicate_selfie']);
    const many = judgeSelfies(facts({ duplicate: true, mainPhoto: [face({ embedding: [0, 1] })] }));
    expect(many.status).toBe('rejected');
    expect(many.reasons.sort()).toEqual(['duplicate_selfie', 'face_mismatch']);
  });

  it('a weak detection is not a face: only detector scores from 0.5 count', () => {
    expect(judgeSelfies(facts({ selfies: [[face({ yaw: -20 }), face({ score: 0.3 })], [face({ happy: 0.9 })]] })).status).toBe('verified');
  });

  it('sends a borderline score to a moderator: pose, similarity or liveness between near and pass', () => {
    expect(judgeSelfies(facts({ selfies: [[face({ yaw: -12 })], [face({ happy: 0.9 })]] })).status).toBe('pending_review');
    const borderline = face({ embedding: [0.4, 0.6] });
    expect(judgeSelfies(facts({ mainPhoto: [borderline] }))).toMatchObject({ status: 'pending_review', similarity: 0.4 });
    expect(judgeSelfies(facts({ selfies: [[face({ yaw: -20, live: 0.5 })], [face({ happy: 0.9 })]] })).status).toBe('pending_review');
  });

  it('a face that looks well under 18 always goes to a moderator (never an automatic decision)', () => {
    const young = facts({ selfies: [[face({ yaw: -20, age: 11 })], [face({ happy: 0.9, age: 12 })]] });
    expect(judgeSelfies(young)).toMatchObject({ status: 'pending_review', underageSuspected: true, estimatedAge: 11.5 });
  });

  it('compares every selfie with the best face of the main photo (a group main photo still holds the member)', () => {
    expect(judgeSelfies(facts({ mainPhoto: [face({ embedding: [0, 1] }), face()] })).status).toBe('verified');
  });
});

describe('the badge follows the face', () => {
  it('keeps the badge while a face of the new main photo is at least near the template', () => {
    expect(mainPhotoKeepsBadge([[1, 0]], [face()], similarity)).toBe(true);
    expect(mainPhotoKeepsBadge([[1, 0]], [face({ embedding: [0.4, 0.6] })], similarity)).toBe(true);
    expect(mainPhotoKeepsBadge([[1, 0]], [face({ embedding: [0, 1] })], similarity)).toBe(false);
    expect(mainPhotoKeepsBadge([[1, 0]], [], similarity)).toBe(false);
  });
});

describe('drawPoses', () => {
  it('draws distinct poses with the random source given', () => {
    const all = ['turn_left', 'turn_right', 'look_up', 'smile', 'mouth_open'] as const;
    expect(drawPoses(all, 2, () => 0)).toEqual(['turn_left', 'turn_right']);
    expect(drawPoses(all, 2, (n) => n - 1)).toEqual(['mouth_open', 'smile']);
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const poses = drawPoses(all, 2, (n) => Math.floor(Math.random() * n));
      expect(new Set(poses).size).toBe(2);
      poses.forEach((p) => seen.add(p));
    }
    expect(seen.size).toBe(5);
  });
});
