import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES, AccountExportSchema, AccountUserSchema, ChangeEmailBodySchema, ChangeMobileBodySchema, ChangePasswordBodySchema,
  ConfirmMobileBodySchema, DeleteAccountBodySchema, LogoutOthersSchema, MobileChangeCodeBodySchema, MobileCodeSentSchema, SETTINGS_MESSAGES,
  envelope, exportFileName,
} from '@linkup/contract';
import { z } from 'zod';
import { clientMeta, currentMember, perMember, bearerAuth } from '../../lib/routes';
import { presentSessionUser } from '../shared/session-user.presenter';

const secured = bearerAuth('account');
/** Building the export reads every table: a few downloads an hour are plenty. */
export const EXPORTS_PER_HOUR = 5;

/** The member's own account: contact details, password, sessions, data export and deletion. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account, config } = app.services;
  // Calls that check a password or send a code: the auth endpoints' stricter limit, per member.
  const guarded = perMember(config.authRateLimitMax);
  app.addHook('onRequest', app.authenticate);

  app.put('/account/email', {
    schema: { ...secured, summary: 'Change my e-mail address (current password required); sends a verification link', body: ChangeEmailBodySchema, response: { 200: envelope(AccountUserSchema) } },
    config: guarded,
  }, async (request) => {
    const user = await account.changeEmail(currentMember(request), request.body);
    return { success: true as const, data: { user: presentSessionUser(user) }, message: SETTINGS_MESSAGES.emailChanged };
  });

  app.post('/account/mobile/code', {
    schema: { ...secured, summary: 'Send a WhatsApp code to the mobile number I want to move to (current password required)', body: MobileChangeCodeBodySchema, response: { 200: envelope(MobileCodeSentSchema) } },
    config: guarded,
  }, async (request) => ({
    success: true as const, data: await account.requestMobileCode(currentMember(request), request.body, clientMeta(request)), message: SETTINGS_MESSAGES.mobileCodeSent,
  }));

  app.put('/account/mobile', {
    schema: { ...secured, summary: 'Change my mobile number with the code sent to it', body: ChangeMobileBodySchema, response: { 200: envelope(AccountUserSchema) } },
    config: guarded,
  }, async (request) => {
    const user = await account.changeMobile(currentMember(request), request.body);
    return { success: true as const, data: { user: presentSessionUser(user) }, message: SETTINGS_MESSAGES.mobileChanged };
  });

  app.post('/account/mobile/confirm/code', {
    schema: { ...secured, summary: 'Send another WhatsApp code to the mobile number I registered with, to confirm it', response: { 200: envelope(MobileCodeSentSchema) } },
    config: guarded,
  }, async (request) => ({
    success: true as const, data: await account.resendMobileConfirmation(currentMember(request), clientMeta(request)), message: AUTH_MESSAGES.otpResent,
  }));

  app.post('/account/mobile/confirm', {
    schema: { ...secured, summary: 'Confirm the mobile number I registered with, with the code sent to it', body: ConfirmMobileBodySchema, response: { 200: envelope(AccountUserSchema) } },
    config: guarded,
  }, async (request) => {
    const user = await account.confirmMobile(currentMember(request), request.body);
    return { success: true as const, data: { user: presentSessionUser(user) }, message: AUTH_MESSAGES.mobileConfirmed };
  });

  app.put('/account/password', {
    schema: { ...secured, summary: 'Change my password (current password required); signs out my other devices', body: ChangePasswordBodySchema, response: { 200: envelope(LogoutOthersSchema) } },
    config: guarded,
  }, async (request) => ({
    success: true as const, data: { revoked: await account.changePassword(currentMember(request), request.body) }, message: SETTINGS_MESSAGES.passwordChanged,
  }));

  app.post('/account/logout-others', {
    schema: { ...secured, summary: 'Sign out every other device; this one stays signed in', response: { 200: envelope(LogoutOthersSchema) } },
  }, async (request) => ({
    success: true as const, data: { revoked: await account.logoutOthers(currentMember(request)) }, message: SETTINGS_MESSAGES.loggedOutOthers,
  }));

  app.get('/account/export', {
    schema: { ...secured, summary: 'Download everything LinkUp keeps about me, as a JSON file', response: { 200: AccountExportSchema } },
    config: perMember(EXPORTS_PER_HOUR, 60 * 60_000),
  }, async (request, reply) => {
    const data = await account.exportData(currentMember(request));
    return reply
      .header('content-disposition', `attachment; filename="${exportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(data);
  });

  app.delete('/account', {
    schema: { ...secured, summary: 'Delete my account and all my data for good (password required when the account has one)', body: DeleteAccountBodySchema, response: { 200: envelope(z.null()) } },
    config: guarded,
  }, async (request) => {
    await account.deleteAccount(currentMember(request), request.body.password);
    return { success: true as const, data: null, message: SETTINGS_MESSAGES.accountDeleted };
  });
};
