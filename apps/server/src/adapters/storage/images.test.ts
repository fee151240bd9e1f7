import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageProcessingError, PHOTO_SIZES, processPhoto } from './images';

/** EXIF tag 0x8825 (GPSInfo IFD pointer), little-endian, type LONG: present iff a GPS block is. */
const GPS_POINTER = Buffer.from([0x25, 0x88, 0x04, 0x00]);

async function phoneJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c04040' } })
    .composite([{ input: { create: { width: Math.floor(width / 2), height, channels: 3, background: '#2040c0' } }, left: 0, top: 0 }])
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: 'LeakyCam', Model: 'Spy 3000', Artist: 'Thandi Nkosi' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 25/1 26/1' },
    })
    .jpeg()
    .toBuffer();
}

async function errorOf(promise: Promise<unknown>): Promise<ImageProcessingError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ImageProcessingError);
  return error as ImageProcessingError;
}

describe('processPhoto', () => {
  it('strips EXIF (GPS, camera, author), XMP and ICC from every size', async () => {
    const input = await phoneJpeg(2400, 1600);
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(GPS_POINTER)).toBe(true);
    expect(before.exif?.includes('LeakyCam')).toBe(true);

    const photo = await processPhoto(input);
    for (const variant of Object.values(photo.variants)) {
      const meta = await sharp(variant.buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.buffer.includes('LeakyCam')).toBe(false);
      expect(variant.buffer.includes('Thandi')).toBe(false);
    }
  });

  it('makes the sizes by long edge, keeps the aspect ratio and never enlarges', async () => {
    const photo = await processPhoto(await phoneJpeg(2400, 1600));
    expect(photo.contentType).toBe('image/webp');
    expect(photo.variants.large).toMatchObject({ width: PHOTO_SIZES.large, height: 720 });
    expect(photo.variants.medium).toMatchObject({ width: PHOTO_SIZES.medium, height: 360 });
    expect(photo.variants.thumb).toMatchObject({ width: PHOTO_SIZES.thumb, height: 107 });
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1080, height: 720 });
    const meta = await sharp(photo.variants.medium.buffer).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 540, height: 360 });

    const small = await processPhoto(await phoneJpeg(300, 200));
    expect(small.variants.large).toMatchObject({ width: 300, height: 200 });
    expect(small.variants.medium).toMatchObject({ width: 300, height: 200 });
    expect(small.variants.thumb).toMatchObject({ width: 160, height: 107 });
  });

  it('turns the picture upright from its EXIF orientation', async () => {
    const input = await phoneJpeg(600, 400, 6);
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const photo = await processPhoto(input);
    expect(photo.variants.large).toMatchObject({ width: 400, height: 600 });
  });

  it('accepts PNG (flattened onto white, 16-bit too) and WebP uploads', async () => {
    const png = await sharp({ create: { width: 50, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .toColourspace('rgb16').png().toBuffer();
    const flat = (await processPhoto(png)).variants.large;
    expect(flat).toMatchObject({ width: 50, height: 80 });
    const meta = await sharp(flat.buffer).metadata();
    expect({ hasAlpha: meta.hasAlpha, depth: meta.depth }).toEqual({ hasAlpha: false, depth: 'uchar' });
    expect((await sharp(flat.buffer).stats()).channels.map((c) => Math.round(c.mean))).toEqual([255, 255, 255]);
    const webp = await sharp({ create: { width: 80, height: 50, channels: 3, background: '#fff' } }).webp().toBuffer();
    expect((await processPhoto(webp)).variants.large).toMatchObject({ width: 80, height: 50 });
  });

  it('refuses what is not an image', async () => {
    expect((await errorOf(processPhoto(Buffer.from('definitely not an image')))).code).toBe('not_an_image');
    expect((await errorOf(processPhoto(Buffer.alloc(0)))).code).toBe('not_an_image');
    expect((await errorOf(processPhoto(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj')))).code).toBe('not_an_image');
  });

  it('refuses SVG uploads unless the caller allows them', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await errorOf(processPhoto(svg))).code).toBe('unsupported_format');
    expect((await processPhoto(svg, { formats: ['svg'] })).variants.large).toMatchObject({ width: 10, height: 10 });
  });

  it('refuses images over the pixel limit instead of decoding them', async () => {
    const input = await phoneJpeg(400, 300);
    const error = await errorOf(processPhoto(input, { limitInputPixels: 100_000 }));
    expect(error.code).toBe('too_large');
  });

  it('refuses a truncated image', async () => {
    const input = await phoneJpeg(800, 600);
    const error = await errorOf(processPhoto(input.subarray(0, Math.floor(input.length / 3))));
    expect(['corrupt', 'not_an_image']).toContain(error.code);
  });
});
