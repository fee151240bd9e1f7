import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { STATUS_MESSAGES } from '@linkup/contract';
import { isValidStorageKey, type PhotoStorage } from '../adapters/storage/storage';
import { errorBody } from './errors';

export interface MediaPluginOptions {
  storage: PhotoStorage;
}

/** Keys are random and never reused, so a stored object never changes: cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves stored photos at `GET /media/<key>`. Unknown and malformed keys (traversal included)
 * answer the same 404, so the route reveals nothing about what exists.
 */
export const mediaPlugin = fp<MediaPluginOptions>(
  async (app, { storage }) => {
    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const object = isValidStorageKey(key) ? await storage.get(key) : null;
      if (!object) return reply.status(404).send(errorBody(404, STATUS_MESSAGES[404]));
      reply
        .header('content-type', object.contentType)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (object.size !== undefined) reply.header('content-length', object.size);
      return reply.send(object.body);
    });
  },
  { name: 'linkup-media', fastify: '5.x' },
);

export async function registerMedia(app: FastifyInstance, options: MediaPluginOptions): Promise<void> {
  await app.register(mediaPlugin, options);
}
