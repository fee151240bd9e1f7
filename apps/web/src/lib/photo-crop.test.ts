import { afterEach, describe, expect, it, vi } from 'vitest';
import { CROP_FRAME, CROP_MAX_ZOOM, clampCrop, cropOutputSize, cropSourceRect, cropToJpeg, initialCrop, zoomCrop } from '@/lib/photo-crop';

// A landscape phone photo: 4000 × 3000.
const photo = { width: 4000, height: 3000 };

afterEach(() => vi.restoreAllMocks());

describe('the crop step (issue 32 item 8)', () => {
  it('starts with the photo covering the card-shaped frame, centred', () => {
    const start = initialCrop(photo);
    expect(start.zoom).toBe(1);
    expect(start.y).toBe(0);
    const rect = cropSourceRect(photo, start);
    // The frame's height takes the photo's full height; its width is 4:5 of that, in the middle.
    expect(rect.sh).toBeCloseTo(3000);
    expect(rect.sw).toBeCloseTo(2400);
    expect(rect.sx).toBeCloseTo(800);
    expect(rect.sy).toBeCloseTo(0);
  });

  it('never lets the photo leave part of the frame empty, and keeps the zoom between 1 and the maximum', () => {
    expect(clampCrop(photo, { zoom: 1, x: 50, y: 50 })).toEqual({ zoom: 1, x: 0, y: 0 });
    const far = clampCrop(photo, { zoom: 1, x: -10_000, y: -10_000 });
    expect(cropSourceRect(photo, far).sx + cropSourceRect(photo, far).sw).toBeCloseTo(4000);
    expect(far.y).toBeCloseTo(0);
    expect(clampCrop(photo, { zoom: 9, x: 0, y: 0 }).zoom).toBe(CROP_MAX_ZOOM);
    expect(clampCrop(photo, { zoom: 0.2, x: 0, y: 0 }).zoom).toBe(1);
  });

  it('zooms about the frame centre: what is in the middle stays in the middle', () => {
    const start = initialCrop(photo);
    const zoomed = zoomCrop(photo, start, 2);
    const before = cropSourceRect(photo, start);
    const after = cropSourceRect(photo, zoomed);
    expect(after.sw).toBeCloseTo(before.sw / 2);
    expect(after.sx + after.sw / 2).toBeCloseTo(before.sx + before.sw / 2);
    expect(after.sy + after.sh / 2).toBeCloseTo(before.sy + before.sh / 2);
  });

  it('draws the framed area to a 4:5 JPEG, at most 1350 px high and never enlarged', async () => {
    expect(cropOutputSize(photo, initialCrop(photo))).toEqual({ width: 1080, height: 1350 });
    const small = { width: 400, height: 300 };
    expect(cropOutputSize(small, initialCrop(small))).toEqual({ width: 240, height: 300 });

    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done, type) {
      done(new Blob([`${this.width}x${this.height}`], { type }));
    });
    const image = Object.assign(document.createElement('img'), photo);
    const blob = await cropToJpeg(Object.assign(image, photo), zoomCrop(photo, initialCrop(photo), 2));
    expect(blob.type).toBe('image/jpeg');
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.9);
    const [, sx, sy, sw, sh, dx, dy, dw, dh] = drawImage.mock.calls[0] as number[];
    expect([sx, sy, sw, sh].map((v) => Math.round(v ?? Number.NaN))).toEqual([1400, 750, 1200, 1500]);
    expect([dx, dy, dw, dh]).toEqual([0, 0, 1080, 1350]);
    expect(CROP_FRAME.width / CROP_FRAME.height).toBe(4 / 5);
  });
});
