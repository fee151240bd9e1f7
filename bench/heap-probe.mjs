// Preloaded into a server process by bench/sockets.ts (`node --expose-gc --import ./bench/heap-probe.mjs`):
// on SIGUSR2 it collects garbage and writes process.memoryUsage() as JSON to BENCH_HEAP_FILE, so the
// benchmark can read the server's heap without any endpoint in the product.
import fs from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  fs.writeFileSync(process.env.BENCH_HEAP_FILE, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
});
