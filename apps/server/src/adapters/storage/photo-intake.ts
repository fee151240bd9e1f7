import { PROFILE_MESSAGES, photoTooLargeMessage, type ErrorCodeOf } from '@linkup/contract';
import sharp from 'sharp';
import { invalid } from '../../lib/http-errors';
import { ImageProcessingError, processPhoto, type ImageErrorCode } from './images';
import { storePhoto, type StoredPhoto } from './photos';
import type { PhotoStorage } from './storage';

/** What a member may upload as a photo (config PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS). */
export interface PhotoLimits {
  maxBytes: number;
  maxPixels: number;
}

/**
 * True when this sharp build decodes HEIC (HEVC-coded HEIF, what iPhones take). The prebuilt
 * sharp binaries read AVIF through libheif but carry no HEVC decoder, so this is usually false.
 */
export function canDecodeHeic(): boolean {
  const heif = sharp.format.heif as { input?: { buffer?: boolean; fileSuffix?: string[] } } | undefined;
  return Boolean(heif?.input?.buffer && heif.input.fileSuffix?.some((s) => s.toLowerCase() === '.heic'));
}

const HEIC_UNSUPPORTED = 'HEIC photos cannot be read here yet. Choose a JPEG, PNG or WebP copy of the photo.';

const IMAGE_ERRORS: Record<ImageErrorCode, { code: ErrorCodeOf<422>; message: string }> = {
  not_an_image: { code: 'photo_unreadable', message: PROFILE_MESSAGES.photoNotImage },
  unsupported_format: { code: 'photo_unreadable', message: PROFILE_MESSAGES.photoFormat },
  too_large: { code: 'photo_too_large', message: PROFILE_MESSAGES.photoTooManyPixels },
  corrupt: { code: 'photo_unreadable', message: PROFILE_MESSAGES.photoCorrupt },
};

/** A 422 on the upload's form field. */
export const photoError = (code: ErrorCodeOf<422>, message: string, field = 'photo') => invalid(code, { [field]: [message] }, message);

/**
 * Every member photo — profile photos and feed post photos — comes in here: size checked,
 * decoded, turned upright, stripped of all metadata (EXIF GPS included), re-encoded to the WebP
 * sizes and stored under a fresh random key. A refusal is a 422 on `field` saying why.
 */
export async function intakePhoto(storage: PhotoStorage, input: Buffer, limits: PhotoLimits, field = 'photo'): Promise<StoredPhoto> {
  if (input.length > limits.maxBytes) throw photoError('photo_too_large', photoTooLargeMessage(limits.maxBytes), field);
  const processed = await processPhoto(input, { limitInputPixels: limits.maxPixels }).catch(async (error: unknown) => {
    if (!(error instanceof ImageProcessingError)) throw error;
    if (await isUndecodableHeic(input, error.code)) throw photoError('photo_unreadable', HEIC_UNSUPPORTED, field);
    const { code, message } = IMAGE_ERRORS[error.code];
    throw photoError(code, message, field);
  });
  return storePhoto(storage, processed);
}

/**
 * A HEIC upload this build cannot decode: sharp either fails outright or reads it as HEIF and
 * then cannot decode the HEVC pixels. Said plainly, rather than as a corrupt image.
 */
async function isUndecodableHeic(input: Buffer, code: ImageErrorCode): Promise<boolean> {
  if (canDecodeHeic() || (code !== 'corrupt' && code !== 'unsupported_format' && code !== 'not_an_image')) return false;
  const brand = input.subarray(4, 12).toString('latin1');
  if (/^ftyp(heic|heix|hevc|hevx|heim|heis)/.test(brand)) {
    const meta = await sharp(input, { limitInputPixels: false }).metadata().catch(() => null);
    return meta === null || meta.format === 'heif';
  }
  return false;
}
