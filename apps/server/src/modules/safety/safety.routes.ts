import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  BLOCKS_PAGE_SIZE, BlockedMemberSchema, ReportBodySchema, ReportResultSchema, SAFETY_MESSAGES, envelope, pageQuery, paginated,
} from '@linkup/contract';
import { z } from 'zod';
import { currentMember } from '../../plugins/auth';
import { hashToken } from '../auth/tokens';
import { ChatRepository } from '../chat/chat.repository';
import { ChatService } from '../chat/chat.service';
import { SafetyRepository } from './safety.repository';
import { SafetyService } from './safety.service';

const memberKey = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header ? `member:${hashToken(header)}` : `ip:${request.ip}`;
};
const IdParams = z.object({ id: z.string().min(1).max(64) });
const secured = { security: [{ bearer: [] }], tags: ['safety'] };
/** Blocking and unblocking in bursts is not something a person does. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000, keyGenerator: memberKey } });

/** Blocking (both ways, everywhere) and reporting members. */
export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const chat = new ChatService(new ChatRepository(db), () => app.realtime);
  const safety = new SafetyService(new SafetyRepository(db), storage, (a, b) => chat.hideRoomOfBlockedPair(a, b), { reportsPerDay: config.reportsPerDay });
  app.addHook('onRequest', app.authenticate);

  app.post('/users/:id/block', {
    schema: {
      ...secured, summary: 'Block a member (both ways: neither sees the other any more); idempotent', params: IdParams,
      response: { 200: envelope(BlockedMemberSchema), 201: envelope(BlockedMemberSchema) },
    },
    config: perMinute(30),
  }, async (request, reply) => {
    const { member, created } = await safety.block(currentMember(request).user.id, request.params.id);
    return reply.status(created ? 201 : 200).send({ success: true as const, data: member, message: SAFETY_MESSAGES.blocked });
  });

  app.delete('/users/:id/block', {
    schema: { ...secured, summary: 'Unblock a member', params: IdParams, response: { 200: envelope(z.null()) } },
    config: perMinute(30),
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
    config: perMinute(10),
  }, async (request, reply) => {
    const { report, created } = await safety.report(currentMember(request).user.id, request.params.id, request.body);
    return reply
      .status(created ? 201 : 200)
      .send({ success: true as const, data: report, message: report.blocked ? SAFETY_MESSAGES.reportedAndBlocked : SAFETY_MESSAGES.reported });
  });
};
