import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them gains less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * API answers above the threshold go out brotli- or gzip-compressed, as the client accepts.
 * Brotli at a fast level: the gain over gzip stays, the CPU per answer stays small. The web app's
 * own files come precompressed from the build (plugins/static.ts) and are not compressed again.
 */
export const compressionPlugin = fp(async (app) => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
