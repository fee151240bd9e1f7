import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxMessageSchema, envelope, lineText } from '@linkup/contract';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-errors';
import { isLoopback } from '../../lib/loopback';
import { normalizeEmail, normalizeMobile } from '../../lib/phone';
import { renderOutboxPage } from './outbox-page';

/** Looks recipients up the way adapters store them: e-mail lower-cased, mobiles in E.164. */
function normalizeRecipient(to: string, region: string): string {
  return to.includes('@') ? normalizeEmail(to) : (normalizeMobile(to, region) ?? to.trim());
}

const OutboxQuery = z.object({ to: lineText().trim().max(254).optional() });

/**
 * The outbox holds every sign-in code: only callers on this machine see it (the TCP peer, not a
 * forwarded address), whatever HOST the server listens on. Others get the 404 of a missing page.
 */
async function onlyThisMachine(request: FastifyRequest): Promise<void> {
  if (!isLoopback(request.raw.socket.remoteAddress)) throw notFound('not_found');
}

/**
 * The dev outbox (development and test only — app.ts never registers this in production):
 * messages that would have gone out by WhatsApp or e-mail.
 */
export const devApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', onlyThisMachine);
  app.get('/dev/outbox', {
    schema: {
      tags: ['dev'],
      summary: 'Messages kept by the dev outbox, newest first (not in production)',
      querystring: OutboxQuery,
      response: { 200: envelope(z.array(OutboxMessageSchema)) },
    },
  }, async (request) => {
    const { outbox, config } = app.services;
    const to = request.query.to ? normalizeRecipient(request.query.to, config.defaultPhoneRegion) : undefined;
    return { success: true as const, data: outbox ? await outbox.list(to) : [] };
  });
};

export const devPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', onlyThisMachine);
  app.get('/dev/outbox', { schema: { hide: true, querystring: OutboxQuery } }, async (request, reply) => {
    const { outbox, config } = app.services;
    const to = request.query.to ? normalizeRecipient(request.query.to, config.defaultPhoneRegion) : undefined;
    const messages = outbox ? await outbox.list(to, 100) : [];
    return reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderOutboxPage(messages, request.query.to ?? ''));
  });
};
