import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_SIGNATURE_HEADER, type CheckoutTicket } from '../../adapters/payments/sandbox-payments';
import { renderSandboxCheckout } from './sandbox-checkout-page';

const ACTIONS = { pay: 'checkout.paid', decline: 'checkout.declined', cancel: 'checkout.cancelled' } as const;

/**
 * The sandbox provider's hosted checkout (outside production only; app.ts never registers it in
 * production): the plan, the amount and Pay / Decline / Cancel. Each button sends a signed webhook
 * to the endpoint a real provider uses, then returns the member to the payment-return page.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.services.sandboxPayments;
  if (!sandbox) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const page = (ticket: CheckoutTicket | null, raw: string) => renderSandboxCheckout(ticket, raw);

  app.get('/sandbox/checkout', { schema: { hide: true, querystring: z.object({ ticket: z.string().max(4096) }) } }, async (request, reply) => {
    const ticket = sandbox.readTicket(request.query.ticket);
    return reply.status(ticket ? 200 : 400).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(ticket, request.query.ticket));
  });

  app.post('/sandbox/checkout', {
    schema: { hide: true, body: z.object({ ticket: z.string().max(4096), action: z.enum(['pay', 'decline', 'cancel']) }) },
  }, async (request, reply) => {
    const ticket = sandbox.readTicket(request.body.ticket);
    if (!ticket) return reply.status(400).header('Content-Type', 'text/html; charset=utf-8').send(page(null, ''));
    const { body, signature } = sandbox.event(ACTIONS[request.body.action], { payment_id: ticket.payment_id });
    const delivered = await app.inject({
      method: 'POST', url: '/api/payments/webhooks/sandbox', payload: body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    });
    if (delivered.statusCode !== 200) request.log.error({ status: delivered.statusCode }, 'sandbox webhook refused');
    return reply.redirect(request.body.action === 'cancel' ? ticket.cancel_url : ticket.return_url, 303);
  });
};
