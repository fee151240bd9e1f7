import '@/components/photo-crop-dialog.css';
import { UI_DEFAULTS } from '@linkup/contract';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { CROP_FRAME, CROP_MAX_ZOOM, clampCrop, cropScale, cropToJpeg, initialCrop, zoomCrop, type CropState } from '@/lib/photo-crop';

export const CROP_TEXTS = {
  title: 'Frame your photo',
  hint: 'Drag to move, zoom to fit. This is how your photo shows on your card.',
  zoom: 'Zoom',
  frame: 'Photo frame: drag or use the arrow keys to move the photo',
  use: 'Use photo',
  cancel: 'Cancel',
  unreadable: 'This browser cannot show this photo to frame it; it will be sent as it is.',
} as const;

/** The app's dialog buttons: solid, white text (as the confirm dialog's). */
const colour = (background: string) => ({ background, borderColor: background, color: '#ffffff' });

export interface PhotoCropDialogProps {
  /** The photo to frame; null hides the dialog. */
  file: File | null;
  /** The framed area as a JPEG (or the photo itself where the browser cannot draw it). */
  onDone: (blob: Blob) => void;
  onCancel: () => void;
}

/**
 * The crop step before a photo is saved (issue 32 item 8): the photo moves (pointer drag, arrow
 * keys) and zooms (slider, wheel) inside a frame shaped like the discover card; "Use photo" draws
 * the framed area to a JPEG on a canvas.
 */
export function PhotoCropDialog({ file, onDone, onCancel }: PhotoCropDialogProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ id: number; x: number; y: number; start: CropState } | null>(null);

  useEffect(() => {
    setImage(null);
    setFailed(false);
    // No object URLs (an old WebView, jsdom): "Use photo" sends the photo as chosen.
    if (!file || typeof URL.createObjectURL !== 'function') return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);

  const size = image ? { width: image.naturalWidth, height: image.naturalHeight } : null;
  const update = (next: CropState) => size && setCrop(clampCrop(size, next));

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!size) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, start: crop };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    update({ ...d.start, x: d.start.x + event.clientX - d.x, y: d.start.y + event.clientY - d.y });
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (drag.current?.id === event.pointerId) drag.current = null;
  }
  function onWheel(event: WheelEvent<HTMLDivElement>) {
    if (size) setCrop(zoomCrop(size, crop, crop.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1)));
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    update({ ...crop, x: crop.x + move[0], y: crop.y + move[1] });
  }

  async function use() {
    if (!file) return;
    setBusy(true);
    try {
      onDone(image ? await cropToJpeg(Object.assign(image, { width: image.naturalWidth, height: image.naturalHeight }), crop) : file);
    } catch (error) {
      // A browser that cannot draw it: the photo as chosen (the server still scales and strips it).
      console.warn('Cropping the photo failed', error);
      onDone(file);
    } finally {
      setBusy(false);
    }
  }

  const scale = size ? cropScale(size, crop.zoom) : 1;
  return (
    <Dialog header={CROP_TEXTS.title} visible={file !== null} onHide={onCancel} className="photo-crop-dialog" modal draggable={false} resizable={false} blockScroll>
      <p className="photo-crop-hint">{CROP_TEXTS.hint}</p>
      <div
        className="photo-crop-frame"
        style={{ width: CROP_FRAME.width, height: CROP_FRAME.height }}
        role="group"
        aria-label={CROP_TEXTS.frame}
        tabIndex={0}
        data-testid="photo-crop-frame"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        {url && (
          <img
            src={url}
            alt=""
            draggable={false}
            onLoad={(event) => {
              const img = event.currentTarget;
              setImage(img);
              setCrop(initialCrop({ width: img.naturalWidth, height: img.naturalHeight }));
            }}
            // A photo the browser cannot decode (HEIC in most browsers, not an image at all): sent as
            // chosen — the server decodes HEIF and refuses what is no image, with its own words.
            onError={() => setFailed(true)}
            style={size ? { width: size.width * scale, height: size.height * scale, transform: `translate(${crop.x}px, ${crop.y}px)` } : { opacity: 0 }}
          />
        )}
      </div>
      {failed && <p className="photo-crop-failed" role="status">{CROP_TEXTS.unreadable}</p>}
      <label className="photo-crop-zoom">
        <span>{CROP_TEXTS.zoom}</span>
        <input type="range" min={1} max={CROP_MAX_ZOOM} step={0.01} value={crop.zoom} disabled={!size}
          onChange={(event) => size && setCrop(zoomCrop(size, crop, Number(event.target.value)))} />
      </label>
      <div className="photo-crop-actions">
        <Button type="button" label={CROP_TEXTS.cancel} style={colour('#545b62')} onClick={onCancel} disabled={busy} />
        <Button type="button" label={CROP_TEXTS.use} icon="pi pi-check" style={colour(UI_DEFAULTS.dialog.confirmButtonColor)} onClick={() => void use()} disabled={busy} />
      </div>
    </Dialog>
  );
}
