import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FIELD_LIMITS, SUCCESS_TOASTS, SessionUserSchema, envelope } from '@linkup/contract';
import { z } from 'zod';
import { currentMember } from '../../plugins/auth';
import { presentSessionUser } from './auth.presenter';

const LoginBody = z
  .object({
    email: z.email({ error: 'Enter a valid e-mail address.' }).max(FIELD_LIMITS.emailMax).optional(),
    mobile: z.string().trim().min(5, { error: 'Enter a valid mobile number.' }).max(FIELD_LIMITS.mobileMax).optional(),
    password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(FIELD_LIMITS.passwordMax),
  })
  .refine((b) => b.email !== undefined || b.mobile !== undefined, {
    error: 'Enter your e-mail address or mobile number.',
    path: ['email'],
  });

const TokenAndUser = z.object({ token: z.string(), user: SessionUserSchema });
const auth = { security: [{ bearer: [] }] };

/** Password sign-in, the current member, and sign-out (OTP and registration: accounts issue). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/login', {
    schema: {
      tags: ['auth'], summary: 'Sign in with e-mail or mobile and password',
      body: LoginBody, response: { 200: envelope(TokenAndUser) },
    },
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  }, async (request) => {
    const { token, user } = await app.deps.auth.login(request.body, {
      ip: request.ip, userAgent: request.headers['user-agent'] ?? null,
    });
    return { success: true as const, data: { token, user: presentSessionUser(user) }, message: SUCCESS_TOASTS.loginSuccess };
  });

  app.get('/auth/user', {
    preHandler: app.authenticate,
    schema: { tags: ['auth'], summary: 'The signed-in member', ...auth, response: { 200: envelope(z.object({ user: SessionUserSchema })) } },
  }, async (request) => ({ success: true as const, data: { user: presentSessionUser(currentMember(request).user) } }));

  app.post('/auth/logout', {
    preHandler: app.authenticate,
    schema: { tags: ['auth'], summary: 'Revoke this session token', ...auth, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await app.deps.auth.logout(currentMember(request).sessionId);
    return { success: true as const, data: null, message: SUCCESS_TOASTS.logoutSuccess };
  });
};
