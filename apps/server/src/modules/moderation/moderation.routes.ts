import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppealBodySchema, AppealDecisionBodySchema, HeldMessageResultSchema, HeldMessageSchema, AppealSchema, AppealsQuerySchema, AuditEntrySchema, DecisionBodySchema, DecisionResultSchema,
  MODERATION_LIMITS, MODERATION_MESSAGES, MemberRolesSchema, ModerationAppealSchema, ModerationMemberDetailSchema, ModerationStatsSchema,
  QueueItemSchema, QueueQuerySchema, ReportDetailSchema, RoleBodySchema, StandingSchema, StatsQuerySchema, envelope, pageQuery, paginated,
  VerificationReviewDecisionBodySchema, VerificationReviewSchema,
} from '@linkup/contract';
import { notFound } from '../../lib/http-errors';
import { IdParams, bearerAuth, currentMember, perMember } from '../../lib/routes';

const secured = bearerAuth('moderation');

/**
 * The moderators' API (issue 30): everything under /moderation answers 404 to a member without
 * the moderator or admin role, as if it did not exist.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation } = app.services;
  const mod = app;
  mod.addHook('onRequest', app.authenticate);
  mod.addHook('preHandler', async (request) => {
      if (!(await moderation.mayModerate(currentMember(request).user.id))) throw notFound('not_found');
    });

    mod.get('/moderation/queue', {
      schema: { ...secured, summary: 'The moderation queue: priority, then age', querystring: QueueQuerySchema, response: { 200: envelope(paginated(QueueItemSchema)) } },
    }, async (request) => {
      const q = request.query;
      return { success: true as const, data: await moderation.queue(q.kind, q.status, q.page, q.per_page) };
    });

    mod.get('/moderation/verifications/:id', {
      schema: { ...secured, summary: 'A borderline photo verification: selfies beside the profile photos (issue 31)', params: IdParams, response: { 200: envelope(VerificationReviewSchema) } },
    }, async (request) => ({ success: true as const, data: await moderation.verificationReview(request.params.id) }));

    mod.post('/moderation/verifications/:id/decision', {
      schema: { ...secured, summary: 'Approve or reject a borderline photo verification', params: IdParams, body: VerificationReviewDecisionBodySchema, response: { 200: envelope(VerificationReviewSchema) } },
      config: perMember(60),
    }, async (request) => ({
      success: true as const, data: await moderation.decideVerification(currentMember(request).user.id, request.params.id, request.body), message: MODERATION_MESSAGES.decided,
    }));

    mod.get('/moderation/reports/:id', {
      schema: { ...secured, summary: 'A report with its evidence and the subject\'s history', params: IdParams, response: { 200: envelope(ReportDetailSchema) } },
    }, async (request) => ({ success: true as const, data: await moderation.reportDetail(request.params.id) }));

    mod.post('/moderation/reports/:id/decision', {
      schema: { ...secured, summary: 'Decide a report', params: IdParams, body: DecisionBodySchema, response: { 200: envelope(DecisionResultSchema) } },
      config: perMember(60),
    }, async (request) => ({
      success: true as const, data: await moderation.decideReport(currentMember(request).user.id, request.params.id, request.body), message: MODERATION_MESSAGES.decided,
    }));

    mod.post('/moderation/members/:id/actions', {
      schema: { ...secured, summary: 'Act on a member without a report', params: IdParams, body: DecisionBodySchema, response: { 200: envelope(DecisionResultSchema) } },
      config: perMember(60),
    }, async (request) => ({
      success: true as const, data: await moderation.actOnMember(currentMember(request).user.id, request.params.id, request.body), message: MODERATION_MESSAGES.decided,
    }));

    mod.get('/moderation/members/:id', {
      schema: { ...secured, summary: 'A member\'s standing, strikes, reports and decisions', params: IdParams, response: { 200: envelope(ModerationMemberDetailSchema) } },
    }, async (request) => ({ success: true as const, data: await moderation.memberDetail(request.params.id) }));

    mod.put('/moderation/members/:id/roles', {
      schema: { ...secured, summary: 'Set a member\'s roles (admins only)', params: IdParams, body: RoleBodySchema, response: { 200: envelope(MemberRolesSchema) } },
    }, async (request) => ({ success: true as const, data: await moderation.setRoles(currentMember(request).user.id, request.params.id, request.body.roles) }));

    mod.get('/moderation/appeals', {
      schema: { ...secured, summary: 'Appeals, oldest first', querystring: AppealsQuerySchema, response: { 200: envelope(paginated(ModerationAppealSchema)) } },
    }, async (request) => ({ success: true as const, data: await moderation.appeals(request.query.status, request.query.page, request.query.per_page) }));

    mod.post('/moderation/appeals/:id/decision', {
      schema: { ...secured, summary: 'Decide an appeal (another moderator than the decider)', params: IdParams, body: AppealDecisionBodySchema, response: { 200: envelope(ModerationAppealSchema) } },
      config: perMember(60),
    }, async (request) => ({ success: true as const, data: await moderation.decideAppeal(currentMember(request).user.id, request.params.id, request.body) }));

    mod.get('/moderation/held-messages', {
    schema: { ...secured, summary: 'Held first messages, oldest first', querystring: pageQuery(MODERATION_LIMITS.pageSize), response: { 200: envelope(paginated(HeldMessageSchema)) } },
  }, async (request) => ({ success: true as const, data: await moderation.heldMessages(request.query.page, request.query.per_page) }));

  mod.post('/moderation/held-messages/:id/release', {
    schema: { ...secured, summary: 'Release a held message (and its sender\'s other held ones)', params: IdParams, response: { 200: envelope(HeldMessageResultSchema) } },
  }, async (request) => ({ success: true as const, data: await moderation.settleHeld(currentMember(request).user.id, request.params.id, true) }));

  mod.post('/moderation/held-messages/:id/reject', {
    schema: { ...secured, summary: 'Reject a held message: it never reaches its recipient', params: IdParams, response: { 200: envelope(HeldMessageResultSchema) } },
  }, async (request) => ({ success: true as const, data: await moderation.settleHeld(currentMember(request).user.id, request.params.id, false) }));

  mod.get('/moderation/audit', {
      schema: { ...secured, summary: 'The append-only audit log, newest first', querystring: pageQuery(MODERATION_LIMITS.pageSize), response: { 200: envelope(paginated(AuditEntrySchema)) } },
    }, async (request) => ({ success: true as const, data: await moderation.auditLog(request.query.page, request.query.per_page) }));

    mod.get('/moderation/stats', {
      schema: { ...secured, summary: 'Transparency figures for a period (default: the last 30 days)', querystring: StatsQuerySchema, response: { 200: envelope(ModerationStatsSchema) } },
    }, async (request) => ({ success: true as const, data: await moderation.stats(request.query.from, request.query.to) }));
};

/** The member's own standing and appeals (issue 30): reachable from a suspended or banned session. */
export const standingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation } = app.services;
  const own = app;
  own.addHook('onRequest', app.authenticate);

    own.get('/account/standing', {
      schema: { ...secured, summary: 'My standing: strikes, decisions and their appeals', response: { 200: envelope(StandingSchema) } },
    }, async (request) => ({ success: true as const, data: await moderation.standing(currentMember(request).user.id) }));

    own.post('/account/appeals', {
      schema: { ...secured, summary: 'Appeal a decision (one per decision, within 6 months)', body: AppealBodySchema, response: { 201: envelope(AppealSchema) } },
      config: perMember(10),
    }, async (request, reply) => reply.status(201).send({
      success: true as const, data: await moderation.fileAppeal(currentMember(request).user.id, request.body), message: MODERATION_MESSAGES.appealSent,
    }));
};
