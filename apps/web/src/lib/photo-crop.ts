/**
 * The crop step before a profile photo is saved (issue 32 item 8): the photo is moved and zoomed
 * in a frame shaped like the discover card (4:5), and the framed area is drawn to a JPEG.
 */
export const CROP_FRAME = { width: 280, height: 350 } as const;
export const CROP_MAX_ZOOM = 4;
/** Longest side of the JPEG made from the framed area (the server scales to 1080 px anyway). */
export const CROP_OUTPUT_HEIGHT = 1350;

export interface CropState {
  /** 1 = the photo just covers the frame; up to CROP_MAX_ZOOM. */
  zoom: number;
  /** Top-left of the shown photo relative to the frame's, in frame pixels (≤ 0). */
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Frame pixels per photo pixel at this zoom: at zoom 1 the photo covers the frame. */
export function cropScale(image: Size, zoom: number, frame: Size = CROP_FRAME): number {
  return Math.max(frame.width / image.width, frame.height / image.height) * zoom;
}

/** Keeps the zoom in range and the frame covered by the photo. */
export function clampCrop(image: Size, state: CropState, frame: Size = CROP_FRAME): CropState {
  const zoom = Math.min(Math.max(state.zoom, 1), CROP_MAX_ZOOM);
  const scale = cropScale(image, zoom, frame);
  const minX = frame.width - image.width * scale;
  const minY = frame.height - image.height * scale;
  return { zoom, x: Math.min(0, Math.max(minX, state.x)), y: Math.min(0, Math.max(minY, state.y)) };
}

/** The photo centred in the frame at zoom 1. */
export function initialCrop(image: Size, frame: Size = CROP_FRAME): CropState {
  const scale = cropScale(image, 1, frame);
  return clampCrop(image, { zoom: 1, x: (frame.width - image.width * scale) / 2, y: (frame.height - image.height * scale) / 2 }, frame);
}

/** Zooms about the frame's centre, so what is in the middle stays there. */
export function zoomCrop(image: Size, state: CropState, zoom: number, frame: Size = CROP_FRAME): CropState {
  const before = cropScale(image, state.zoom, frame);
  const after = cropScale(image, Math.min(Math.max(zoom, 1), CROP_MAX_ZOOM), frame);
  const cx = frame.width / 2;
  const cy = frame.height / 2;
  const ratio = after / before;
  return clampCrop(image, { zoom, x: cx - (cx - state.x) * ratio, y: cy - (cy - state.y) * ratio }, frame);
}

/** The framed area in the photo's own pixels. */
export function cropSourceRect(image: Size, state: CropState, frame: Size = CROP_FRAME): { sx: number; sy: number; sw: number; sh: number } {
  const scale = cropScale(image, state.zoom, frame);
  return { sx: -state.x / scale, sy: -state.y / scale, sw: frame.width / scale, sh: frame.height / scale };
}

/** The size of the JPEG: the framed area, at most CROP_OUTPUT_HEIGHT high, never enlarged. */
export function cropOutputSize(image: Size, state: CropState, frame: Size = CROP_FRAME): Size {
  const { sh } = cropSourceRect(image, state, frame);
  const height = Math.max(1, Math.round(Math.min(sh, CROP_OUTPUT_HEIGHT)));
  return { width: Math.max(1, Math.round((height * frame.width) / frame.height)), height };
}

/** Draws the framed area of `image` to a JPEG blob (rejects when the browser cannot). */
export function cropToJpeg(image: CanvasImageSource & Size, state: CropState, frame: Size = CROP_FRAME): Promise<Blob> {
  const { sx, sy, sw, sh } = cropSourceRect(image, state, frame);
  const out = cropOutputSize(image, state, frame);
  const canvas = document.createElement('canvas');
  canvas.width = out.width;
  canvas.height = out.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No 2D canvas'));
  context.drawImage(image, sx, sy, sw, sh, 0, 0, out.width, out.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas made no JPEG'))), 'image/jpeg', 0.9);
  });
}
