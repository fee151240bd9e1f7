import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MemberLocationSchema, PREFERENCE_MESSAGES, PreferenceOptionsSchema, PreferencesCompletionSchema, PreferencesSchema,
  PutPreferencesBodySchema, SetLocationBodySchema, UpdateDatingPreferencesBodySchema, envelope,
} from '@linkup/contract';
import { currentMember, perMember, bearerAuth } from '../../lib/routes';

const secured = bearerAuth('preferences');

/** Spec §7 "Preferences": the member's own dating preferences and location. */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { preferences } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/preferences', {
    schema: { ...secured, summary: 'My dating preferences (the defaults until I save some)', response: { 200: envelope(PreferencesSchema) } },
  }, async (request) => ({ success: true as const, data: await preferences.get(currentMember(request).user) }));

  app.put('/preferences', {
    schema: { ...secured, summary: 'Replace my dating preferences (fields left out return to their defaults)', body: PutPreferencesBodySchema, response: { 200: envelope(PreferencesSchema) } },
  }, async (request) => ({
    success: true as const, data: await preferences.replace(currentMember(request).user, request.body), message: PREFERENCE_MESSAGES.saved,
  }));

  app.post('/preferences/dating', {
    schema: { ...secured, summary: 'Change some of my dating preferences', body: UpdateDatingPreferencesBodySchema, response: { 200: envelope(PreferencesSchema) } },
  }, async (request) => ({
    success: true as const, data: await preferences.update(currentMember(request).user, request.body), message: PREFERENCE_MESSAGES.saved,
  }));

  app.post('/preferences/location', {
    schema: {
      ...secured,
      summary: 'Set my location: a city of the list, or my device position once (kept only as the nearest city and a coarse cell)',
      body: SetLocationBodySchema,
      response: { 200: envelope(MemberLocationSchema) },
    },
    config: perMember(30),
  }, async (request) => ({
    success: true as const, data: await preferences.setLocation(currentMember(request).user, request.body), message: PREFERENCE_MESSAGES.locationSaved,
  }));

  app.get('/preferences/completion-status', {
    schema: { ...secured, summary: 'What my dating preferences still miss', response: { 200: envelope(PreferencesCompletionSchema) } },
  }, async (request) => ({ success: true as const, data: await preferences.completion(currentMember(request).user) }));

  app.delete('/preferences/reset', {
    schema: { ...secured, summary: 'Back to the default preferences', response: { 200: envelope(PreferencesSchema) } },
  }, async (request) => ({
    success: true as const, data: await preferences.reset(currentMember(request).user), message: PREFERENCE_MESSAGES.reset,
  }));

  app.get('/preferences/options', {
    schema: { ...secured, summary: 'Every choice the preference and location forms offer', response: { 200: envelope(PreferenceOptionsSchema) } },
  }, async () => ({ success: true as const, data: preferences.options() }));
};
