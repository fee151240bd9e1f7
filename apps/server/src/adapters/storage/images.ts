import sharp from 'sharp';

/** Long edge in pixels of each stored photo size. */
export const PHOTO_SIZES = { large: 1080, medium: 540, thumb: 160 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
export const PHOTO_SIZE_NAMES = Object.keys(PHOTO_SIZES) as PhotoSize[];

export const PHOTO_CONTENT_TYPE = 'image/webp';

/**
 * Largest image we take (issue 32: phones shoot 48–200 megapixels; those are scaled down, not
 * refused). JPEG and WebP decode already shrunk (libjpeg/libwebp shrink-on-load: a 200 MP JPEG
 * decodes at an eighth of its edge, about 3 MP), so their memory stays small at any size up to this.
 */
export const MAX_INPUT_PIXELS = 210_000_000;

/**
 * Formats without shrink-on-load decode at full size (4 bytes a pixel and more): above this many
 * pixels they are refused, so one upload cannot take gigabytes of memory.
 */
export const MAX_FULL_DECODE_PIXELS = 50_000_000;
const SHRINK_ON_LOAD_FORMATS: readonly string[] = ['jpeg', 'webp'];

/** Formats a member may upload; SVG is deliberately absent (it is a document, not a photo). */
export const UPLOAD_FORMATS = ['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff'] as const;

export type ImageErrorCode = 'not_an_image' | 'unsupported_format' | 'too_large' | 'corrupt';

/** The upload cannot become a photo; `code` says why (routes turn it into a 422). */
export class ImageProcessingError extends Error {
  constructor(
    readonly code: ImageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ImageProcessingError';
  }
}

export interface PhotoVariant {
  buffer: Buffer;
  width: number;
  height: number;
}

export interface ProcessedPhoto {
  contentType: typeof PHOTO_CONTENT_TYPE;
  /** Size of the `large` variant (what `user_photos.width/height` record). */
  width: number;
  height: number;
  variants: Record<PhotoSize, PhotoVariant>;
}

export interface ProcessPhotoOptions {
  /** Pixel limit of the decoded input (default MAX_INPUT_PIXELS). */
  limitInputPixels?: number;
  /** Input formats accepted (sharp's format ids; default UPLOAD_FORMATS). */
  formats?: readonly string[];
  /** WebP quality 1–100 (default 80). */
  quality?: number;
  /** WebP encoder effort 0–6: lower is faster and a little larger (default 4). */
  effort?: number;
}

/**
 * Turns an uploaded image into the stored WebP sizes: decoded once, rotated upright from its
 * EXIF orientation, flattened onto white (a photo has no transparency), converted to sRGB and
 * re-encoded without any metadata — sharp writes none unless asked (we never call
 * withMetadata/keepExif), so EXIF GPS, camera serials and XMP are gone. Smaller inputs are
 * never enlarged; animated images keep their first frame.
 */
export async function processPhoto(input: Buffer, options: ProcessPhotoOptions = {}): Promise<ProcessedPhoto> {
  const limitInputPixels = options.limitInputPixels ?? MAX_INPUT_PIXELS;
  const formats = options.formats ?? UPLOAD_FORMATS;
  const quality = options.quality ?? 80;
  const effort = options.effort ?? 4;

  let format: string | undefined;
  let inputPixels = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    inputPixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch (error) {
    throw new ImageProcessingError('not_an_image', 'The file is not an image we can read.', { cause: error });
  }
  if (!format || !formats.includes(format)) {
    throw new ImageProcessingError('unsupported_format', `Images of type ${format ?? 'unknown'} are not accepted.`);
  }
  if (inputPixels <= 0) throw new ImageProcessingError('corrupt', 'The image has no size.');
  const decodeLimit = SHRINK_ON_LOAD_FORMATS.includes(format) ? limitInputPixels : Math.min(limitInputPixels, MAX_FULL_DECODE_PIXELS);
  if (inputPixels > decodeLimit) {
    throw new ImageProcessingError('too_large', 'The image has too many pixels.');
  }

  // One decode: the upright, sRGB, largest size as raw pixels; every WebP is encoded from it.
  // The resize comes first, so JPEG and WebP decode shrunk; sequential reading keeps one strip in memory.
  const base = await sharp(input, { limitInputPixels: decodeLimit, autoOrient: true, failOn: 'error', sequentialRead: true })
    .resize({ width: PHOTO_SIZES.large, height: PHOTO_SIZES.large, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      const tooLarge = /pixel limit/i.test(String((error as Error).message));
      throw new ImageProcessingError(tooLarge ? 'too_large' : 'corrupt', tooLarge ? 'The image has too many pixels.' : 'The image could not be decoded.', {
        cause: error,
      });
    });

  const { width, height, channels } = base.info;
  const raw = { raw: { width, height, channels } } as const;
  const encode = async (size: PhotoSize): Promise<PhotoVariant> => {
    const edge = PHOTO_SIZES[size];
    let pipeline = sharp(base.data, raw);
    if (Math.max(width, height) > edge) pipeline = pipeline.resize({ width: edge, height: edge, fit: 'inside' });
    const { data, info } = await pipeline.webp({ quality, effort }).toBuffer({ resolveWithObject: true });
    return { buffer: data, width: info.width, height: info.height };
  };
  const [large, medium, thumb] = await Promise.all([encode('large'), encode('medium'), encode('thumb')]);
  return { contentType: PHOTO_CONTENT_TYPE, width: large.width, height: large.height, variants: { large, medium, thumb } };
}
