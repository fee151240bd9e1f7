import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETTINGS_MESSAGES, SettingsSchema, UpdateSettingsBodySchema, envelope } from '@linkup/contract';
import { currentMember, bearerAuth } from '../../lib/routes';

const secured = bearerAuth('settings');

/** The member's privacy settings and notification switches. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/settings', {
    schema: { ...secured, summary: 'My privacy settings and notification switches (defaults until I change them)', response: { 200: envelope(SettingsSchema) } },
  }, async (request) => ({ success: true as const, data: await settings.get(currentMember(request).user.id) }));

  app.put('/settings', {
    schema: { ...secured, summary: 'Change some of my settings; what is left out stays', body: UpdateSettingsBodySchema, response: { 200: envelope(SettingsSchema) } },
  }, async (request) => ({
    success: true as const, data: await settings.update(currentMember(request).user.id, request.body), message: SETTINGS_MESSAGES.saved,
  }));
};
