import { useCallback, useEffect, useRef, useState } from 'react';
import { CameraError, captureFrame, openFrontCamera, stopCamera, type CameraFailure } from '@/platform/camera';

export type CameraState = { kind: 'opening' } | { kind: 'live' } | { kind: 'failed'; reason: CameraFailure };

/**
 * The front camera while the component is on screen: opened on mount, shown in the video the
 * returned ref is put on, and stopped when the component leaves (its light goes off) or `stop()`
 * is called. `retry()` asks again after a refusal; `capture()` takes a photo.
 */
export function useFrontCamera() {
  const [state, setState] = useState<CameraState>({ kind: 'opening' });
  const [attempt, setAttempt] = useState(0);
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    let active = true;
    setState({ kind: 'opening' });
    openFrontCamera().then(
      (opened) => {
        // Left before the camera answered: it must not stay on.
        if (!active) return stopCamera(opened);
        stream.current = opened;
        if (video.current) video.current.srcObject = opened;
        setState({ kind: 'live' });
      },
      (error: unknown) => {
        if (active) setState({ kind: 'failed', reason: error instanceof CameraError ? error.reason : 'unavailable' });
      },
    );
    return () => {
      active = false;
      stopCamera(stream.current);
      stream.current = null;
    };
  }, [attempt]);

  /** The preview's video element: gets the stream whenever it mounts. */
  const videoRef = useCallback((element: HTMLVideoElement | null) => {
    video.current = element;
    if (element && stream.current) element.srcObject = stream.current;
  }, []);

  const stop = useCallback(() => {
    stopCamera(stream.current);
    stream.current = null;
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** The preview's current frame as a JPEG. */
  const capture = useCallback(() => (video.current ? captureFrame(video.current) : Promise.reject(new CameraError('unavailable'))), []);

  return { state, videoRef, capture, stop, retry };
}
