import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ONBOARDING_MESSAGES, OnboardingCompleteSchema, OnboardingStatusSchema, envelope } from '@linkup/contract';
import { currentMember, bearerAuth } from '../../lib/routes';

const secured = bearerAuth('onboarding');

/** The first-run flow after registration (`/onboarding/welcome`). */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { onboarding } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/onboarding/status', {
    schema: { ...secured, summary: 'Which onboarding steps I have done, and where to resume', response: { 200: envelope(OnboardingStatusSchema) } },
  }, async (request) => ({ success: true as const, data: await onboarding.status(currentMember(request).user.id) }));

  app.post('/onboarding/complete', {
    schema: { ...secured, summary: 'Finish onboarding (needs every required step); answers like GET /auth/user', response: { 200: envelope(OnboardingCompleteSchema) } },
  }, async (request) => ({
    success: true as const,
    data: { user: await onboarding.complete(currentMember(request).user.id) },
    message: ONBOARDING_MESSAGES.completed,
  }));
};
