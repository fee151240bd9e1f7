import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for the WhatsApp Business Cloud API on loopback: records each request and
 * answers like Graph does (200 with a message id, or the error the test asks for).
 */
export async function startFakeGraphApi(options: { phoneNumberId: string; token: string }) {
  const requests: GraphRequest[] = [];
  let failWith: { status: number; message: string } | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        // keep {}
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Bearer ${options.token}`) {
        res.writeHead(401).end(JSON.stringify({ error: { message: 'Invalid OAuth access token.', code: 190 } }));
      } else if (req.method !== 'POST' || req.url !== `/v21.0/${options.phoneNumberId}/messages`) {
        res.writeHead(404).end(JSON.stringify({ error: { message: 'Unknown path', code: 100 } }));
      } else if (failWith) {
        res.writeHead(failWith.status).end(JSON.stringify({ error: { message: failWith.message, code: 131000 } }));
      } else {
        res.writeHead(200).end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.${requests.length}` }] }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    requests,
    fail(status: number, message: string) {
      failWith = { status, message };
    },
    /** Answers every request again, and forgets the requests seen (for the next test). */
    reset() {
      failWith = null;
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
