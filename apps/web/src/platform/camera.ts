/**
 * The front camera, for the verification selfie (issue 31). Browsers answer getUserMedia; the
 * native shell's web view does too, after the system's own camera prompt (Android: Capacitor's
 * BridgeWebChromeClient asks for CAMERA, declared in AndroidManifest.xml; iOS: WKWebView, with
 * NSCameraUsageDescription). Only video: no microphone is ever asked for.
 */

/**
 * 'unsupported': no camera API here (an old browser, or a page not served over https);
 * 'no_camera': the device has no camera; 'denied': the member or the system refused it;
 * 'unavailable': there is one, but it could not start (another app holds it).
 */
export type CameraFailure = 'unsupported' | 'no_camera' | 'denied' | 'unavailable';

export class CameraError extends Error {
  override readonly name = 'CameraError';
  constructor(readonly reason: CameraFailure) {
    super(`Camera ${reason}`);
  }
}

const FRONT_CAMERA: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
};

const FAILURES: Record<string, CameraFailure> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  NotFoundError: 'no_camera',
  OverconstrainedError: 'no_camera',
};

export async function openFrontCamera(mediaDevices: MediaDevices | undefined = globalThis.navigator?.mediaDevices): Promise<MediaStream> {
  if (typeof mediaDevices?.getUserMedia !== 'function') throw new CameraError('unsupported');
  try {
    return await mediaDevices.getUserMedia(FRONT_CAMERA);
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : '';
    throw new CameraError(FAILURES[name] ?? 'unavailable');
  }
}

/** Turns the camera off (its light too): every track of the stream ends. */
export function stopCamera(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The video's current frame as a JPEG, as the camera sees it (not mirrored like the preview). */
export function captureFrame(video: HTMLVideoElement, quality = 0.92): Promise<Blob> {
  const canvas = video.ownerDocument.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return Promise.reject(new CameraError('unavailable'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new CameraError('unavailable'))), 'image/jpeg', quality);
  });
}
