// The face models of photo verification (issue 31), in a worker thread so the server's event loop
// stays free: @vladmandic/human on the TensorFlow.js WASM backend, loaded once, lazily, from the
// files the npm packages ship (model weights in human's models/, the .wasm in the backend's dist/).
// Never a network fetch: the only `fetch` here reads file:// URLs and refuses everything else.
// Plain JavaScript so the worker starts in any runtime (tsx, vitest, node) without a loader.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);

globalThis.fetch = async (input) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith('file://')) throw new Error(`face models load from disk only, refused: ${url}`);
  const type = url.endsWith('.json') ? 'application/json' : url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
  return new Response(await readFile(fileURLToPath(url)), { status: 200, headers: { 'content-type': type } });
};

const DEG = 180 / Math.PI;
let loading;

/** Human with only the face models verification reads (detector, mesh, description, emotion, antispoof, liveness). */
function load() {
  loading ??= (async () => {
    const started = performance.now();
    const rssBefore = process.memoryUsage().rss;
    // human's package "exports" map lacks "./" keys, so its node-wasm build is required by file.
    const dist = path.dirname(require.resolve('@vladmandic/human'));
    const { Human } = require(path.join(dist, 'human.node-wasm.js'));
    const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    const human = new Human({
      backend: 'wasm',
      wasmPath: `${pathToFileURL(wasmDir).href}/`,
      modelBasePath: `${pathToFileURL(path.resolve(dist, '../models')).href}/`,
      debug: false,
      async: true,
      warmup: 'none',
      cacheSensitivity: 0,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 5, minConfidence: 0.3, return: false },
        mesh: { enabled: true },
        iris: { enabled: false },
        description: { enabled: true },
        emotion: { enabled: true },
        antispoof: { enabled: true },
        liveness: { enabled: true },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      filter: { enabled: false },
    });
    await human.load();
    await human.tf.ready();
    return { human, loadMs: Math.round(performance.now() - started), rssBefore };
  })();
  return loading;
}

/** What verification reads of one detected face. */
function describe(face) {
  const mesh = face.mesh ?? [];
  // As human's own "mouth N% open" gesture: lip gap against face height, in percent.
  const mouthOpen = mesh.length > 152
    ? Math.min(100, (500 * Math.abs(mesh[13][1] - mesh[14][1])) / Math.abs(mesh[10][1] - mesh[152][1]))
    : null;
  const angle = face.rotation?.angle;
  return {
    score: face.score,
    box: face.box,
    age: face.age ?? null,
    real: face.real ?? null,
    live: face.live ?? null,
    yaw: angle ? angle.yaw * DEG : null,
    pitch: angle ? angle.pitch * DEG : null,
    roll: angle ? angle.roll * DEG : null,
    happy: face.emotion?.find((e) => e.emotion === 'happy')?.score ?? 0,
    mouthOpen,
    embedding: face.embedding ? Array.from(face.embedding) : [],
  };
}

async function analyze(images) {
  const { human } = await load();
  const results = [];
  for (const image of images) {
    const tensor = human.tf.tensor3d(new Uint8Array(image.data), [image.height, image.width, 3], 'int32');
    try {
      const result = await human.detect(tensor);
      results.push(result.face.map(describe));
    } finally {
      tensor.dispose();
    }
  }
  return results;
}

async function stats() {
  const { human, loadMs, rssBefore } = await load();
  return { loadMs, modelBytes: human.tf.memory().numBytes, rssDeltaBytes: process.memoryUsage().rss - rssBefore };
}

parentPort.on('message', async (message) => {
  try {
    let result;
    if (message.op === 'analyze') result = await analyze(message.images);
    else if (message.op === 'stats') result = await stats();
    else throw new Error(`unknown op ${message.op}`);
    parentPort.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
