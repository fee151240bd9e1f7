import multipart from '@fastify/multipart';
import { PROFILE_MESSAGES, photoTooLargeMessage, type ErrorCodeOf } from '@linkup/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from './http-errors';

/** Photo uploads a member may make in a window (each one decodes an image: CPU worth limiting). */
export const UPLOADS_PER_WINDOW = 40;
export const UPLOAD_WINDOW_MS = 15 * 60_000;

const photoInvalid = (code: ErrorCodeOf<422>, message: string) => invalid(code, { photo: [message] }, message);

/**
 * Lets the routes of one plugin take photo uploads: multipart, one file of at most `maxBytes`,
 * nothing else of size. Register it inside the plugin whose routes read uploads.
 */
export async function acceptPhotoUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 6, fieldSize: 1_024, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
}

/** The bytes of the upload's `photo` field; anything else is a 422 on `photo` saying what is wrong. */
export async function readPhotoUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  let buffer: Buffer;
  try {
    const file = await request.file();
    if (!file) throw photoInvalid('photo_missing', PROFILE_MESSAGES.photoMissing);
    if (file.fieldname !== 'photo') {
      file.file.resume();
      throw photoInvalid('photo_missing', PROFILE_MESSAGES.photoMissing);
    }
    buffer = await file.toBuffer();
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
  if (buffer.length === 0) throw photoInvalid('photo_missing', PROFILE_MESSAGES.photoMissing);
  return buffer;
}

/** Turns whatever the multipart parser says about a bad upload into a 422 on `photo`. */
function uploadError(error: unknown, maxBytes: number): Error {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return photoInvalid('photo_too_large', photoTooLargeMessage(maxBytes));
  if (typeof code === 'string' && code.startsWith('FST_')) return photoInvalid('photo_missing', PROFILE_MESSAGES.photoMissing);
  return error as Error;
}
