import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/http-errors';
import { appleAppSiteAssociation, assetLinks } from './app-links.presenter';

const headers = { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' };
const hidden = { schema: { hide: true } };

/**
 * The files that let https links to this host open the native app (Android App Links, iOS
 * Universal Links), built from config; 404 while the deployment has not configured them.
 */
export const appLinksRoutes: FastifyPluginAsync = async (app) => {
  const settings = app.services.config.appLinks;
  const documents = {
    '/.well-known/assetlinks.json': assetLinks(settings),
    '/.well-known/apple-app-site-association': appleAppSiteAssociation(settings),
  };
  for (const [url, document] of Object.entries(documents)) {
    // A Buffer, so the type stays exactly application/json (no charset added), as the verifiers expect.
    const body = document ? Buffer.from(JSON.stringify(document)) : null;
    app.get(url, hidden, async (_request, reply) => {
      if (!body) throw notFound('not_found');
      return reply.headers(headers).send(body);
    });
  }
};
