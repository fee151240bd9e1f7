import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@linkup/contract';

/**
 * OpenAPI generated from the route schemas; the UI at /api/docs, the JSON at /api/docs/json —
 * served outside production, and in production only with API_DOCS=true (it maps every endpoint
 * for whoever asks). The document itself is always built, for the tests that read `app.swagger()`.
 */
export const docsPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'LinkUp API', version: APP_VERSION, description: 'Every response is `{ success, data, message? }`; errors are the API error object.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (app.deps.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
