import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES, ForgotPasswordBodySchema, LoginBodySchema, MobileBodySchema, OtpSentSchema, OtpStatusSchema,
  PhoneRegisterBodySchema, PhoneSignupStartSchema, RegisterBodySchema, ResetPasswordBodySchema, SUCCESS_TOASTS, SessionUserSchema, VerifyEmailBodySchema,
  VerifyOtpBodySchema, envelope,
} from '@linkup/contract';
import { z } from 'zod';
import { clientMeta as meta, currentMember } from '../../lib/routes';
import { presentSessionUser } from '../shared/session-user.presenter';

const TokenAndUser = z.object({ token: z.string(), user: SessionUserSchema });
const UserOnly = z.object({ user: SessionUserSchema });
const bearer = { security: [{ bearer: [] }] };

/** Spec §7 "Auth": codes by WhatsApp, passwords, registration, e-mail verification, resets, sessions. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, otp, sessionUsers, config } = app.services;
  /** The stricter per-IP limit of every endpoint that can be abused to guess or to spam. */
  const limited = { rateLimit: { max: config.authRateLimitMax, timeWindow: 60_000 } };

  app.post('/auth/request-otp', {
    schema: { tags: ['auth'], summary: 'Send a sign-in code by WhatsApp', body: MobileBodySchema, response: { 200: envelope(OtpSentSchema) } },
    config: limited,
  }, async (request) => ({
    success: true as const, data: await otp.request(request.body.mobile, meta(request)), message: AUTH_MESSAGES.otpSent,
  }));

  app.post('/auth/resend-otp', {
    schema: { tags: ['auth'], summary: 'Send a new sign-in code after the cool-down', body: MobileBodySchema, response: { 200: envelope(OtpSentSchema) } },
    config: limited,
  }, async (request) => ({
    success: true as const, data: await otp.resend(request.body.mobile, meta(request)), message: AUTH_MESSAGES.otpResent,
  }));

  app.post('/auth/otp-status', {
    schema: { tags: ['auth'], summary: 'Whether a live code exists for a number, and for how long', body: MobileBodySchema, response: { 200: envelope(OtpStatusSchema) } },
    config: limited,
  }, async (request) => ({ success: true as const, data: await otp.status(request.body.mobile) }));

  app.post('/auth/verify-otp', {
    schema: {
      tags: ['auth'], summary: 'Sign in with the code; a number without an account gets the short sign-up’s token instead',
      body: VerifyOtpBodySchema, response: { 200: envelope(z.union([TokenAndUser, PhoneSignupStartSchema])) },
    },
    config: limited,
  }, async (request) => {
    const verified = await otp.verify(request.body.mobile, request.body.otp, meta(request));
    if ('signup_token' in verified) return { success: true as const, data: verified, message: AUTH_MESSAGES.numberVerified };
    return { success: true as const, data: { token: verified.token, user: await sessionUsers.present(verified.user) }, message: SUCCESS_TOASTS.loginSuccess };
  });

  app.post('/auth/register/phone', {
    schema: {
      tags: ['auth'], summary: 'Create an account (18+) for the number verify-otp proved; e-mail and password optional',
      body: PhoneRegisterBodySchema, response: { 201: envelope(TokenAndUser) },
    },
    config: limited,
  }, async (request, reply) => {
    const { token, user } = await auth.registerByPhone(request.body, meta(request));
    return reply.status(201).send({ success: true as const, data: { token, user: presentSessionUser(user) }, message: AUTH_MESSAGES.registered });
  });

  app.post('/auth/login', {
    schema: { tags: ['auth'], summary: 'Sign in with e-mail or mobile and password', body: LoginBodySchema, response: { 200: envelope(TokenAndUser) } },
    config: limited,
  }, async (request) => {
    const { token, user } = await auth.login(request.body, meta(request));
    // Issue 32: the full session user (avatar, premium), as GET /auth/user has it — the header shows the photo at once.
    return { success: true as const, data: { token, user: await sessionUsers.present(user) }, message: SUCCESS_TOASTS.loginSuccess };
  });

  app.post('/auth/register', {
    schema: { tags: ['auth'], summary: 'Create an account (18+); sends the verification e-mail', body: RegisterBodySchema, response: { 201: envelope(TokenAndUser) } },
    config: limited,
  }, async (request, reply) => {
    const { token, user } = await auth.register(request.body, meta(request));
    return reply.status(201).send({ success: true as const, data: { token, user: presentSessionUser(user) }, message: AUTH_MESSAGES.registered });
  });

  app.post('/auth/email/verify', {
    schema: { tags: ['auth'], summary: 'Confirm an e-mail address with the link’s token', body: VerifyEmailBodySchema, response: { 200: envelope(UserOnly) } },
    config: limited,
  }, async (request) => {
    const user = await auth.verifyEmail(request.body.token);
    return { success: true as const, data: { user: presentSessionUser(user) }, message: AUTH_MESSAGES.emailVerified };
  });

  app.post('/auth/email/resend', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], summary: 'Send the verification e-mail again', ...bearer, response: { 200: envelope(z.null()) } },
    config: limited,
  }, async (request) => {
    await auth.resendVerificationEmail(currentMember(request).user, meta(request));
    return { success: true as const, data: null, message: AUTH_MESSAGES.verificationSent };
  });

  app.post('/auth/forgot-password', {
    schema: { tags: ['auth'], summary: 'Send a reset link by e-mail or WhatsApp (same answer for any input)', body: ForgotPasswordBodySchema, response: { 200: envelope(z.null()) } },
    config: limited,
  }, async (request) => {
    await auth.requestPasswordReset(request.body, meta(request));
    return { success: true as const, data: null, message: AUTH_MESSAGES.resetLinkSent };
  });

  app.post('/auth/reset-password', {
    schema: { tags: ['auth'], summary: 'Choose a new password with the link’s token; signs out everywhere', body: ResetPasswordBodySchema, response: { 200: envelope(z.null()) } },
    config: limited,
  }, async (request) => {
    await auth.resetPassword(request.body);
    return { success: true as const, data: null, message: AUTH_MESSAGES.passwordReset };
  });

  app.get('/auth/user', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], summary: 'The signed-in member', ...bearer, response: { 200: envelope(UserOnly) } },
  }, async (request) => {
    return { success: true as const, data: { user: await sessionUsers.present(currentMember(request).user) } };
  });

  app.post('/auth/logout', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], summary: 'Revoke this session token', ...bearer, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await auth.logout(currentMember(request).sessionId);
    return { success: true as const, data: null, message: SUCCESS_TOASTS.logoutSuccess };
  });
};
