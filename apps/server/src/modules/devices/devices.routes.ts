import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUSH_MESSAGES, PushDeviceSchema, PushTokenRegistrationSchema, PushTokenRemovalSchema, WebPushKeySchema, envelope } from '@linkup/contract';
import { bearerAuth, currentMember } from '../../lib/routes';

const secured = bearerAuth('push');

/** The signed-in session's device. */
const sessionDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { devices } = app.services;

  app.post('/user/fcm-token', {
    schema: {
      ...secured,
      summary: "Register or refresh this session's push token (an FCM token, or a Web Push subscription as JSON)",
      body: PushTokenRegistrationSchema,
      response: { 200: envelope(PushDeviceSchema) },
    },
  }, async (request) => ({
    success: true as const, data: await devices.register(currentMember(request), request.body), message: PUSH_MESSAGES.registered,
  }));

  app.delete('/user/fcm-token', {
    schema: {
      ...secured,
      summary: "Stop pushes to this session's device (called before logout); a named token is removed only if it is mine",
      body: PushTokenRemovalSchema,
      response: { 200: envelope(z.null()) },
    },
  }, async (request) => {
    await devices.remove(currentMember(request), request.body?.fcm_token);
    return { success: true as const, data: null, message: PUSH_MESSAGES.removed };
  });
};

/** Push tokens of this session's device (spec §7), and the key browsers subscribe with. */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webPushKey } = app.services;

  app.get('/push/web-push-key', {
    schema: { tags: ['push'], summary: "The server's VAPID public key, for a browser's push subscription", response: { 200: envelope(WebPushKeySchema) } },
  }, async () => ({ success: true as const, data: { public_key: webPushKey } }));

  await app.register(async (scope) => {
    scope.addHook('onRequest', app.authenticate);
    await scope.register(sessionDeviceRoutes);
  });
};

