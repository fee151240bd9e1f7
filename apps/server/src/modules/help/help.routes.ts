import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactBodySchema, FaqQuerySchema, FaqSchema, HELP_MESSAGES, SupportMessageSchema, envelope } from '@linkup/contract';
import { currentMember, bearerAuth } from '../../lib/routes';

const secured = bearerAuth('help');

/** Help & Support: the searchable FAQ and the contact form (stored, then e-mailed to support). */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { help } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/help/faq', {
    schema: { ...secured, summary: 'Questions and answers by category; `search` keeps the entries holding every word', querystring: FaqQuerySchema, response: { 200: envelope(FaqSchema) } },
  }, async (request) => ({ success: true as const, data: help.faq(request.query.search) }));

  app.post('/help/contact', {
    schema: { ...secured, summary: 'Send a message to the support team', body: ContactBodySchema, response: { 201: envelope(SupportMessageSchema) } },
  }, async (request, reply) => {
    const data = await help.contact(currentMember(request).user, request.body);
    return reply.status(201).send({ success: true as const, data, message: HELP_MESSAGES.contactSent });
  });
};
