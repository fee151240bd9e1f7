import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  VERIFICATION_LIMITS, VERIFICATION_MESSAGES, VerificationChallengeSchema, VerificationResultSchema, VerificationSelfieFieldsSchema,
  VerificationStateSchema, envelope,
} from '@linkup/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/http-errors';
import { bearerAuth, currentMember, perMember } from '../../lib/routes';

const secured = bearerAuth('verification');
const invalid = (message: string) => new AppError(422, message, { code: 'validation_failed', errors: { selfies: [message] } });
const TYPES: readonly string[] = VERIFICATION_LIMITS.selfieTypes;

/**
 * The multipart body of `POST /verification/selfie`: `challenge_id`, then the images in the
 * challenge's order. Anything malformed — a missing id, a file too large or of another type, too
 * many parts — is a 422, never a 500.
 */
async function readSelfies(request: FastifyRequest): Promise<{ challengeId: string; images: Buffer[] }> {
  let challengeId: unknown;
  const images: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'challenge_id') challengeId = part.value;
        continue;
      }
      if (!TYPES.includes(part.mimetype)) {
        part.file.resume();
        throw invalid('Send the selfies as JPEG, PNG or WebP images.');
      }
      images.push(await part.toBuffer());
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(`Each selfie may be at most ${VERIFICATION_LIMITS.selfieMaxBytes / 1024 / 1024} MB.`);
    if (typeof code === 'string' && code.startsWith('FST_')) throw invalid('Send the challenge id and one selfie per pose.');
    throw error;
  }
  const fields = VerificationSelfieFieldsSchema.safeParse({ challenge_id: challengeId });
  if (!fields.success) throw new AppError(422, 'Send the challenge id.', { code: 'validation_failed', errors: { challenge_id: ['Send the challenge id.'] } });
  if (images.length === 0 || images.some((image) => image.length === 0)) throw invalid('Send one selfie per pose.');
  return { challengeId: fields.data.challenge_id, images };
}

/** Photo verification (issue 31): the member's state, a pose challenge, and the selfie check. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { verification } = app.services;
  // Only this plugin's route reads multipart: one image per pose, each at most 5 MB.
  await app.register(multipart, {
    limits: {
      fileSize: VERIFICATION_LIMITS.selfieMaxBytes, files: VERIFICATION_LIMITS.posesPerChallenge, fields: 2, parts: 4, fieldSize: 200, headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.authenticate);

  app.get('/verification', {
    schema: { ...secured, summary: 'My photo verification: status, when verified, attempts left today', response: { 200: envelope(VerificationStateSchema) } },
  }, async (request) => ({ success: true as const, data: await verification.state(currentMember(request).user.id) }));

  app.post('/verification/challenge', {
    schema: { ...secured, summary: 'A pose challenge: two poses at random, open 5 minutes', response: { 201: envelope(VerificationChallengeSchema) } },
    config: perMember(30),
  }, async (request, reply) => reply.status(201).send({ success: true as const, data: await verification.challenge(currentMember(request).user.id) }));

  app.post('/verification/selfie', {
    schema: {
      ...secured,
      summary: 'Check the selfies (multipart: `challenge_id`, then one image per pose in order) on this server',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(VerificationResultSchema) },
    },
    config: perMember(30),
  }, async (request) => {
    const { challengeId, images } = await readSelfies(request);
    const result = await verification.submit(currentMember(request).user.id, challengeId, images);
    const message = result.status === 'verified' ? VERIFICATION_MESSAGES.verified
      : result.status === 'pending_review' ? VERIFICATION_MESSAGES.pendingReview : VERIFICATION_MESSAGES.rejected;
    return { success: true as const, data: result, message };
  });
};
