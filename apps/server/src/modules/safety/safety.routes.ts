import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BLOCKS_PAGE_SIZE, BlockedMemberSchema, ReportBodySchema, ReportResultSchema, SAFETY_MESSAGES, envelope, pageQuery, paginated,
} from '@linkup/contract';
import { z } from 'zod';
import { IdParams, currentMember, perMember, bearerAuth } from '../../lib/routes';

const secured = bearerAuth('safety');

/** Blocking (both ways, everywhere) and reporting members. */
export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { safety } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post('/users/:id/block', {
    schema: {
      ...secured, summary: 'Block a member (both ways: neither sees the other any more); idempotent', params: IdParams,
      response: { 200: envelope(BlockedMemberSchema), 201: envelope(BlockedMemberSchema) },
    },
    config: perMember(30), // blocking in bursts is not something a person does
  }, async (request, reply) => {
    const { member, created } = await safety.block(currentMember(request).user.id, request.params.id);
    return reply.status(created ? 201 : 200).send({ success: true as const, data: member, message: SAFETY_MESSAGES.blocked });
  });

  app.delete('/users/:id/block', {
    schema: { ...secured, summary: 'Unblock a member', params: IdParams, response: { 200: envelope(z.null()) } },
    config: perMember(30),
  }, async (request) => {
    await safety.unblock(currentMember(request).user.id, request.params.id);
    return { success: true as const, data: null, message: SAFETY_MESSAGES.unblocked };
  });

  app.get('/blocks', {
    schema: { ...secured, summary: 'Members I blocked, most recent first', querystring: pageQuery(BLOCKS_PAGE_SIZE), response: { 200: envelope(paginated(BlockedMemberSchema)) } },
  }, async (request) => ({
    success: true as const, data: await safety.listBlocks(currentMember(request).user.id, request.query.page, request.query.per_page),
  }));

  app.post('/users/:id/report', {
    schema: {
      ...secured, summary: 'Report a member to moderation (optionally blocking them too)', params: IdParams, body: ReportBodySchema,
      response: { 200: envelope(ReportResultSchema), 201: envelope(ReportResultSchema) },
    },
    config: perMember(10),
  }, async (request, reply) => {
    const { report, created } = await safety.report(currentMember(request).user.id, request.params.id, request.body);
    return reply
      .status(created ? 201 : 200)
      .send({ success: true as const, data: report, message: report.blocked ? SAFETY_MESSAGES.reportedAndBlocked : SAFETY_MESSAGES.reported });
  });
};
