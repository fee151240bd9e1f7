import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and any
 * other non-API path answered with index.html so the client router handles it (SPA fallback).
 * Files go out as the build compressed them (`.br`, `.gz` beside each one) when the client accepts it.
 * Unknown /api, /media, /dev and /assets paths answer 404 JSON instead.
 */
export const staticPlugin = fp(async (app) => {
  const root = app.deps.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // The precompressed copy's headers are those of the file it stands for.
        const rel = path.relative(root, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        if (rel.startsWith('assets/')) res.header('Cache-Control', IMMUTABLE);
        else if (rel === 'index.html' || rel === 'sw.js' || rel.endsWith('.webmanifest')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ root }, 'web app not built: run `npm run build`; only the API is served');
  }

  // Unknown API paths count against the rate limit too, so probing them is not free.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing hashed asset (an old tab after a deploy) is a 404, not index.html served as a script.
    const apiLike = /^\/(api|media|dev|socket\.io|assets)(\/|$)/.test(pathname);
    if (!apiLike && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root);
    }
    return reply.status(404).send(errorBody(404, 'Resource not found.'));
  });
});
