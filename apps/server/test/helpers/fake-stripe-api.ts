import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form body as Stripe's SDK encodes it: `line_items[0][price_data][unit_amount]` → value. */
  form: Record<string, string>;
}

/**
 * A local stand-in for the Stripe API on loopback: answers the calls the Stripe adapter makes
 * (customers, checkout sessions, subscription updates, portal sessions, charges) the way Stripe
 * does, and records each request.
 */
export async function startFakeStripeApi(options: { secretKey: string }) {
  const requests: StripeRequest[] = [];
  let sequence = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({
        method: req.method ?? '', path, authorization: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined, form,
      });
      const send = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${sequence}` }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      sequence += 1;
      const subscription = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
      const charge = path.match(/^\/v1\/charges\/([^/]+)$/);
      if (req.method === 'POST' && path === '/v1/customers') {
        send(200, { id: `cus_fake${sequence}`, object: 'customer', email: form.email ?? null, name: form.name ?? null });
      } else if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const sessionId = `cs_test_fake${sequence}`;
        send(200, { id: sessionId, object: 'checkout.session', mode: form.mode, customer: form.customer, url: `https://checkout.stripe.test/c/pay/${sessionId}` });
      } else if (req.method === 'POST' && subscription) {
        send(200, { id: subscription[1], object: 'subscription', cancel_at_period_end: form.cancel_at_period_end === 'true' });
      } else if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        send(200, { id: `bps_fake${sequence}`, object: 'billing_portal.session', customer: form.customer, url: `https://billing.stripe.test/p/session/${sequence}` });
      } else if (req.method === 'GET' && charge) {
        send(200, { id: charge[1], object: 'charge', customer: 'cus_fake1', refunded: false });
      } else {
        send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
