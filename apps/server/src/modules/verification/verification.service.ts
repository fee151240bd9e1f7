import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  STATUS_MESSAGES, VERIFICATION_LIMITS, VERIFICATION_MESSAGES, VERIFICATION_POSES, type QueueItem, type VerificationChallenge,
  type VerificationPose, type VerificationRejectionReason, type VerificationResult, type VerificationReview,
  type VerificationExport, type VerificationReviewDecisionBody, type VerificationState,
} from '@linkup/contract';
import sharp from 'sharp';
import {
  decodeForFaces, faceSimilarity, hashDistance, perceptualHash, type DecodedImage, type FaceAnalyzer,
} from '../../adapters/faces/face-analyzer';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { isoNow, type Clock } from '../../lib/clock';
import { AppError } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import type { Limiter } from '../../lib/limiter';
import type { Notifier } from '../shared/notifier';
import { VERIFICATION_THRESHOLDS, drawPoses, judgeSelfies, mainPhotoKeepsBadge } from './verification.policy';
import { presentReview, presentReviewQueueItem, presentState } from './verification.presenter';
import type { AttemptRow, VerificationRepository } from './verification.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface VerificationServiceDeps {
  repo: VerificationRepository;
  faces: FaceAnalyzer;
  limiter: Limiter;
  /** Member photos (the main photo is compared). */
  photos: PhotoStorage;
  /** Selfies waiting for a moderator: a store nobody is served from. */
  selfies: PhotoStorage;
  notifier: Notifier;
  clock: Clock;
  /** The random source of the poses (crypto in production, from the composition root). */
  randomInt: (n: number) => number;
  secret: string;
  config: { maxPixels: number; testOnlyPoses: readonly VerificationPose[] | null };
  log: { warn: (obj: object, msg: string) => void };
}

const decided = () => new AppError(409, 'This verification was already decided.', { code: 'conflict' });
const notFound = () => new AppError(404, STATUS_MESSAGES[404], { code: 'not_found' });
const selfieInvalid = (message: string) => new AppError(422, message, { code: 'validation_failed', errors: { selfies: [message] } });

async function bytesOf(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Photo verification (issue 31): a random two-pose challenge, the selfies checked on this server
 * by the face models (a worker thread), the badge and its face template, the borderline cases a
 * moderator decides, and the badge following the main photo's face.
 */
export class VerificationService {
  readonly #templateKey: Buffer;

  constructor(private readonly deps: VerificationServiceDeps) {
    this.#templateKey = Buffer.from(hkdfSync('sha256', deps.secret, 'linkup', 'verification face template v1', 32));
  }

  async state(userId: string): Promise<VerificationState> {
    const now = this.deps.clock.now();
    const [verifiedAt, latest, used] = await Promise.all([
      this.deps.repo.verifiedAt(userId),
      this.deps.repo.latestAttempt(userId),
      this.deps.repo.attemptsSince(userId, new Date(now.getTime() - DAY_MS).toISOString()),
    ]);
    return presentState(verifiedAt, latest, Math.max(0, VERIFICATION_LIMITS.attemptsPerDay - used));
  }

  /** `POST /verification/challenge`: two distinct poses at random, 5 minutes; earlier open challenges close. */
  async challenge(userId: string): Promise<VerificationChallenge> {
    if (await this.deps.repo.verifiedAt(userId)) throw new AppError(409, VERIFICATION_MESSAGES.alreadyVerified, { code: 'already_verified' });
    if (await this.deps.repo.openReviewOf(userId)) throw new AppError(409, VERIFICATION_MESSAGES.pending, { code: 'verification_pending' });
    if ((await this.deps.repo.photoKeys(userId)).length === 0) {
      throw new AppError(409, VERIFICATION_MESSAGES.photoRequired, { code: 'verification_photo_required' });
    }
    const poses = this.deps.config.testOnlyPoses
      ? [...this.deps.config.testOnlyPoses]
      : drawPoses(VERIFICATION_POSES, VERIFICATION_LIMITS.posesPerChallenge, this.deps.randomInt);
    const now = this.deps.clock.now();
    const row = {
      id: newId(), user_id: userId, poses: poses.join(','), created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + VERIFICATION_LIMITS.challengeMinutes * 60_000).toISOString(), used_at: null,
    };
    await this.deps.repo.createChallenge(row);
    return { challenge_id: row.id, poses, expires_at: row.expires_at };
  }

  /**
   * `POST /verification/selfie`: one image per pose, in order. The attempt is counted first (5 a
   * day); another member's, a used or an unknown challenge is 404; an expired one is rejected.
   */
  async submit(userId: string, challengeId: string, images: readonly Buffer[]): Promise<VerificationResult> {
    const use = await this.deps.limiter.use(`verification:${userId}`, VERIFICATION_LIMITS.attemptsPerDay, DAY_MS);
    if (!use.allowed) throw new AppError(429, VERIFICATION_MESSAGES.limit, { code: 'verification_limit', details: { resets_at: use.resetsAt } });
    const now = isoNow(this.deps.clock);
    const challenge = await this.deps.repo.useChallenge(challengeId, userId, now);
    if (!challenge) throw notFound();
    const poses = challenge.poses.split(',') as VerificationPose[];
    const attempt = (status: AttemptRow['status'], reasons: readonly VerificationRejectionReason[]): AttemptRow => ({
      id: newId(), user_id: userId, poses: challenge.poses, status, reasons: JSON.stringify(reasons), similarity: null, antispoof: null,
      liveness: null, estimated_age: null, selfie_keys: null, review_status: null, priority: null, decision: null, decided_by: null,
      created_at: now, decided_at: now,
    });
    if (challenge.expires_at <= now) {
      await this.deps.repo.addAttempt(attempt('rejected', ['challenge_expired']), []);
      return { status: 'rejected', reasons: ['challenge_expired'] };
    }
    if (images.length !== poses.length) throw selfieInvalid(`Send one photo per pose (${poses.length}).`);
    const decoded = await Promise.all(images.map((image) => decodeForFaces(image, this.deps.config.maxPixels)));
    if (decoded.some((d) => d === null)) throw selfieInvalid('A selfie is not a JPEG, PNG or WebP image.');
    const main = await this.#mainPhoto(userId);
    if (!main) throw new AppError(409, VERIFICATION_MESSAGES.photoRequired, { code: 'verification_photo_required' });

    const [reports, hashes, others] = await Promise.all([
      this.deps.faces.analyze([...(decoded as DecodedImage[]), main]).catch(async (err: unknown) => {
        // The models failed (the worker crashed, or ran out of memory): not the member's doing, so
        // the attempt is given back and they are asked to try again — never a 500.
        this.deps.log.warn({ err, userId }, 'verification: face analysis failed');
        await this.deps.limiter.giveBack(`verification:${userId}`, DAY_MS);
        throw new AppError(503, STATUS_MESSAGES[503], { code: 'unavailable' });
      }),
      Promise.all(images.map((image) => perceptualHash(image))),
      this.deps.repo.hashesOfOthers(userId),
    ]);
    const duplicate = hashes.some((h) => others.some((o) => hashDistance(h, o) <= VERIFICATION_THRESHOLDS.duplicateBits));
    const judgement = judgeSelfies({
      poses, selfies: reports.slice(0, poses.length), mainPhoto: reports[poses.length]!, duplicate, similarity: faceSimilarity,
    });
    const row: AttemptRow = {
      ...attempt(judgement.status, judgement.reasons),
      similarity: judgement.similarity, antispoof: judgement.antispoof, liveness: judgement.liveness, estimated_age: judgement.estimatedAge,
    };
    if (judgement.status === 'pending_review') {
      // Kept only until a moderator decides (then deleted), in a store nothing serves.
      row.selfie_keys = JSON.stringify(await Promise.all(images.map((image) => this.#keepSelfie(image))));
      row.review_status = 'open';
      row.priority = judgement.underageSuspected ? 'critical' : 'normal';
      row.decided_at = null;
    }
    await this.deps.repo.addAttempt(row, hashes.map((hash) => ({ id: newId(), hash })));
    if (judgement.status === 'verified') await this.deps.repo.setVerified(userId, this.#seal(judgement.embeddings), now);
    return { status: judgement.status, reasons: judgement.reasons };
  }

  // ── The badge follows the face ──

  /**
   * The main photo changed (added first, made primary, the primary removed): a verified member
   * whose new main photo does not show the verified face loses the badge and is told so.
   */
  async mainPhotoChanged(userId: string): Promise<void> {
    const sealed = await this.deps.repo.template(userId);
    if (!sealed) return;
    const main = await this.#mainPhoto(userId);
    const faces = main ? (await this.deps.faces.analyze([main]))[0]! : [];
    if (mainPhotoKeepsBadge(this.#open(sealed), faces, faceSimilarity)) return;
    await this.deps.repo.unverify(userId);
    await this.deps.notifier.notify({ userId, type: 'verification', text: VERIFICATION_MESSAGES.mainPhotoChanged });
  }

  /** Runs `mainPhotoChanged` after the photo change's response; a failure is logged, never the member's. */
  afterMainPhotoChange(userId: string): void {
    this.mainPhotoChanged(userId).catch((err: unknown) => this.deps.log.warn({ err, userId }, 'verification: main photo check failed'));
  }

  /** Account deletion: the selfies still waiting for a moderator go (the rows go with the account). */
  async forget(userId: string): Promise<void> {
    await Promise.all((await this.deps.repo.storedSelfieKeys(userId)).map((key) => this.deps.selfies.delete(key)));
  }

  /** What the account export lists: every decision and its time, how many hashes are kept, whether a template is. */
  async exported(userId: string): Promise<VerificationExport> {
    const kept = await this.deps.repo.kept(userId);
    return {
      decisions: kept.attempts.map((a) => ({
        status: a.status, reasons: JSON.parse(a.reasons) as string[], created_at: a.created_at, decided_at: a.decided_at,
      })),
      perceptual_hashes_kept: kept.hashes,
      face_template_kept: kept.template,
    };
  }

  // ── Moderation (queue kind `verification`) ──

  async queueItems(status: 'open' | 'closed'): Promise<QueueItem[]> {
    const rows = await this.deps.repo.reviews(status);
    return rows.map(presentReviewQueueItem).sort((a, b) => (a.priority === b.priority ? 0 : a.priority === 'critical' ? -1 : 1));
  }

  async review(id: string): Promise<VerificationReview> {
    const row = await this.deps.repo.attempt(id);
    if (!row?.review_status) throw notFound();
    const [selfies, photos] = await Promise.all([this.#selfieImages(row), this.deps.repo.photoKeys(row.user_id)]);
    const rows = await this.deps.repo.reviews(row.review_status);
    const name = rows.find((r) => r.id === id)?.name ?? null;
    return presentReview(row, name, selfies, photos.map((key) => this.deps.photos.urlFor(key)));
  }

  /**
   * A moderator approves (the badge, with the template from the kept selfies) or rejects; either
   * way the selfies are deleted. 409 when already decided.
   */
  async decideReview(moderatorId: string, id: string, body: VerificationReviewDecisionBody): Promise<VerificationReview> {
    const row = await this.deps.repo.attempt(id);
    if (!row?.review_status) throw notFound();
    if (row.review_status !== 'open') throw decided();
    const keys = row.selfie_keys ? (JSON.parse(row.selfie_keys) as string[]) : [];
    let embeddings: number[][] = [];
    if (body.outcome === 'approve') {
      const images = await Promise.all(keys.map(async (key) => {
        const stored = await this.deps.selfies.get(key);
        return stored ? decodeForFaces(await bytesOf(stored.body), this.deps.config.maxPixels) : null;
      }));
      const reports = await this.deps.faces.analyze(images.filter((i): i is DecodedImage => i !== null));
      embeddings = reports.flatMap((faces) => (faces.length === 1 ? [faces[0]!.embedding] : []));
    }
    const now = isoNow(this.deps.clock);
    const reasons = body.outcome === 'reject' && body.reason ? [body.reason] : [];
    if (!(await this.deps.repo.closeReview(id, body.outcome, moderatorId, reasons, now))) throw decided();
    await Promise.all(keys.map((key) => this.deps.selfies.delete(key)));
    if (body.outcome === 'approve') await this.deps.repo.setVerified(row.user_id, this.#seal(embeddings), now);
    return this.review(id);
  }

  // ── Internals ──

  async #mainPhoto(userId: string): Promise<DecodedImage | null> {
    const [key] = await this.deps.repo.photoKeys(userId);
    const stored = key ? await this.deps.photos.get(key) : null;
    return stored ? decodeForFaces(await bytesOf(stored.body), this.deps.config.maxPixels) : null;
  }

  /** A selfie re-encoded (no metadata, ≤ 640 px) under a random key in the private store. */
  async #keepSelfie(image: Buffer): Promise<string> {
    const jpeg = await sharp(image, { autoOrient: true }).resize({ width: 640, height: 640, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
    const key = `selfies/${newId()}/selfie.jpg`;
    await this.deps.selfies.put(key, jpeg, 'image/jpeg');
    return key;
  }

  async #selfieImages(row: AttemptRow): Promise<(string | null)[]> {
    const keys = row.selfie_keys ? (JSON.parse(row.selfie_keys) as string[]) : row.poses.split(',').map(() => null);
    return Promise.all(keys.map(async (key) => {
      const stored = key ? await this.deps.selfies.get(key) : null;
      return stored ? `data:image/jpeg;base64,${(await bytesOf(stored.body)).toString('base64')}` : null;
    }));
  }

  /** The face template sealed with AES-256-GCM under a key derived from APP_SECRET. */
  #seal(embeddings: readonly number[][]): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#templateKey, iv);
    const text = Buffer.concat([cipher.update(JSON.stringify(embeddings.map((e) => e.map((v) => Math.round(v * 1e5) / 1e5))), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url');
  }

  #open(sealed: string): number[][] {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#templateKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as number[][];
  }
}
