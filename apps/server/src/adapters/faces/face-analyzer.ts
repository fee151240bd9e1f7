import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';

/** What verification reads of one face the models found (angles in degrees, scores 0–1). */
export interface FaceReport {
  score: number;
  box: [number, number, number, number];
  age: number | null;
  /** Antispoof: how surely the face is a real one, not a screen or a print. */
  real: number | null;
  /** Liveness. */
  live: number | null;
  yaw: number | null;
  pitch: number | null;
  roll: number | null;
  /** The emotion model's "happy" score (a smile). */
  happy: number;
  /** Lip gap against face height, in percent (as human's "mouth N% open"). */
  mouthOpen: number | null;
  embedding: number[];
}

/** An image decoded for the models: RGB bytes. */
export interface DecodedImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface FaceModelStats {
  loadMs: number;
  /** Bytes of the models' tensors (weights) in the WASM heap. */
  modelBytes: number;
  /** Growth of the process's resident memory while the models loaded. */
  rssDeltaBytes: number;
}

/** Face detection, mesh, embedding, emotion, antispoof and liveness of images (on our own server). */
export interface FaceAnalyzer {
  /** The faces of each image, in order. */
  analyze(images: readonly DecodedImage[]): Promise<FaceReport[][]>;
  stats(): Promise<FaceModelStats>;
}

/** The longest edge images are analysed at: faces of a selfie or profile photo stay large enough. */
const ANALYSIS_EDGE = 640;

/** Decodes an upload for the models (orientation applied, ≤ 640 px); null when it is not an image. */
export async function decodeForFaces(input: Buffer, maxPixels: number): Promise<DecodedImage | null> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: maxPixels, autoOrient: true, failOn: 'error' })
      .resize({ width: ANALYSIS_EDGE, height: ANALYSIS_EDGE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/**
 * A 64-bit difference hash (dHash) of an image, as 16 hex digits: close images (re-encoded,
 * resized, slightly cropped) differ in few bits. Duplicate selfies are found by Hamming distance.
 */
export async function perceptualHash(input: Buffer): Promise<string> {
  const pixels = await sharp(input, { autoOrient: true }).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (pixels[y * 9 + x]! > pixels[y * 9 + x + 1]! ? 1n : 0n);
  }
  return bits.toString(16).padStart(16, '0');
}

/** Bits that differ between two perceptual hashes. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

/**
 * How alike two face embeddings are, 0–1 — human's own `match.similarity` (order 2, multiplier
 * 25, normalised between 0.2 and 0.8), restated so comparing with a stored template needs no model.
 */
export function faceSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  const distance = Math.round(100 * 25 * sum) / 100;
  if (distance === 0) return 1;
  const normalised = (1 - Math.sqrt(distance) / 100 - 0.2) / (0.8 - 0.2);
  return Math.round(100 * Math.max(Math.min(normalised, 1), 0)) / 100;
}

interface Pending { resolve: (value: unknown) => void; reject: (error: Error) => void }

/**
 * The models in one worker thread, started on first use and shared by every app of the process
 * (tests build several apps; the models load once). The worker does not keep the process alive.
 */
class WorkerFaceAnalyzer implements FaceAnalyzer {
  #worker: Worker | null = null;
  #next = 0;
  readonly #pending = new Map<number, Pending>();

  #call<T>(message: { op: string; images?: readonly DecodedImage[] }): Promise<T> {
    const worker = this.#worker ?? this.#start();
    const id = ++this.#next;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...message, id });
    });
  }

  #start(): Worker {
    const worker = new Worker(fileURLToPath(new URL('./face-worker.mjs', import.meta.url)));
    worker.unref();
    worker.on('message', (reply: { id: number; ok: boolean; result?: unknown; error?: string }) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending?.resolve(reply.result);
      else pending?.reject(new Error(reply.error ?? 'face analysis failed'));
    });
    const fail = (error: Error) => {
      for (const p of this.#pending.values()) p.reject(error);
      this.#pending.clear();
      this.#worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`face worker exited (${code})`)));
    this.#worker = worker;
    return worker;
  }

  analyze(images: readonly DecodedImage[]): Promise<FaceReport[][]> {
    return this.#call<FaceReport[][]>({ op: 'analyze', images });
  }

  stats(): Promise<FaceModelStats> {
    return this.#call<FaceModelStats>({ op: 'stats' });
  }
}

let shared: FaceAnalyzer | null = null;

/** The process's one face analyzer (the models load once, lazily, on the first verification). */
export function sharedFaceAnalyzer(): FaceAnalyzer {
  shared ??= new WorkerFaceAnalyzer();
  return shared;
}
