// A fake front camera for end-to-end tests: Chromium plays a Y4M video file as the camera
// (--use-file-for-fake-video-capture) and answers the permission prompt itself
// (--use-fake-ui-for-media-stream). The video is made at test time from a still picture, so the
// repository keeps only the picture (a face fixture of the server's verification tests).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test as base } from './test';

/**
 * Writes `frames` identical frames of `image` as YUV4MPEG2 (4:2:0, 8-bit, BT.601 studio range,
 * which Chromium's file capture reads as I420), at the picture's own size rounded down to even
 * numbers (4:2:0 halves both), so nothing of the face is cropped or scaled away.
 */
export async function writeY4m(image: string, out: string, { frames = 3 } = {}): Promise<void> {
  const picture = sharp(image).rotate();
  const { width: w = 0, height: h = 0 } = await picture.metadata();
  const [width, height] = [w - (w % 2), h - (h % 2)];
  if (width === 0 || height === 0) throw new Error(`${image}: not a picture`);
  const rgb = await picture.resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc(u.length);
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    y[i] = clamp(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
  }
  for (let row = 0; row < height / 2; row++) {
    for (let col = 0; col < width / 2; col++) {
      // The 2×2 block's average colour.
      let r = 0, g = 0, b = 0;
      for (const [dy, dx] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
        const p = ((row * 2 + dy) * width + col * 2 + dx) * 3;
        r += rgb[p]!; g += rgb[p + 1]!; b += rgb[p + 2]!;
      }
      [r, g, b] = [r / 4, g / 4, b / 4];
      const c = row * (width / 2) + col;
      u[c] = clamp(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      v[c] = clamp(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  await fs.promises.writeFile(out, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/**
 * `test` whose browser has a fake camera showing `cameraImage` (set it with `test.use` in the
 * spec). The camera belongs to the browser, so each spec that uses it gets a browser (and worker)
 * of its own.
 */
export const cameraTest = base.extend<object, { cameraImage: string; cameraVideo: string }>({
  cameraImage: ['', { scope: 'worker', option: true }],
  cameraVideo: [
    async ({ cameraImage }, use) => {
      if (!cameraImage) throw new Error('cameraTest needs test.use({ cameraImage }) — the picture the fake camera shows');
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'linkup-e2e-camera-'));
      const video = path.join(dir, 'camera.y4m');
      await writeY4m(cameraImage, video);
      await use(video);
      await fs.promises.rm(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, cameraVideo }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-video-capture=${cameraVideo}`,
        ],
      });
    },
    { scope: 'worker' },
  ],
});
