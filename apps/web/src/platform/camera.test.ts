import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraError, captureFrame, openFrontCamera, stopCamera } from '@/platform/camera';

const devices = (getUserMedia: MediaDevices['getUserMedia']) => ({ getUserMedia }) as unknown as MediaDevices;
const failWith = (name: string) => devices(vi.fn(async () => Promise.reject(new DOMException('no', name))));

afterEach(() => vi.restoreAllMocks());

describe('openFrontCamera', () => {
  it('asks for the front camera only, never the microphone', async () => {
    const stream = {} as MediaStream;
    const getUserMedia = vi.fn(async () => stream);
    await expect(openFrontCamera(devices(getUserMedia))).resolves.toBe(stream);
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false, video: expect.objectContaining({ facingMode: 'user' }) }));
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'no_camera'],
    ['OverconstrainedError', 'no_camera'],
    ['NotReadableError', 'unavailable'],
    ['AbortError', 'unavailable'],
  ] as const)('turns %s into %s', async (name, reason) => {
    const opening = openFrontCamera(failWith(name));
    await expect(opening).rejects.toBeInstanceOf(CameraError);
    await expect(opening).rejects.toMatchObject({ reason });
  });

  it('says "unsupported" where there is no camera API (an old browser, or a page not on https)', async () => {
    await expect(openFrontCamera(undefined)).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(openFrontCamera({} as MediaDevices)).rejects.toMatchObject({ reason: 'unsupported' });
  });
});

describe('stopCamera', () => {
  it('ends every track, so the camera and its light go off', () => {
    const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
    stopCamera({ getTracks: () => tracks } as unknown as MediaStream);
    for (const track of tracks) expect(track.stop).toHaveBeenCalledOnce();
    expect(() => stopCamera(null)).not.toThrow();
  });
});

describe('captureFrame', () => {
  // jsdom draws nothing: the canvas is played by the test (the end-to-end test takes a real frame).
  function video(width: number, height: number): HTMLVideoElement {
    const element = document.createElement('video');
    Object.defineProperty(element, 'videoWidth', { value: width });
    Object.defineProperty(element, 'videoHeight', { value: height });
    return element;
  }

  it("draws the video's frame at its own size and answers a JPEG", async () => {
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done, type) {
      done(new Blob([`${this.width}x${this.height}`], { type }));
    });
    const source = video(640, 480);
    const blob = await captureFrame(source);
    expect(blob.type).toBe('image/jpeg');
    expect(await blob.text()).toBe('640x480');
    expect(drawImage).toHaveBeenCalledWith(source, 0, 0, 640, 480);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', expect.any(Number));
  });

  it('refuses a video that shows nothing yet', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn() } as unknown as CanvasRenderingContext2D);
    await expect(captureFrame(video(0, 0))).rejects.toMatchObject({ reason: 'unavailable' });
  });
});
