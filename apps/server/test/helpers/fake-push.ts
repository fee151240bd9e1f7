import { createECDH, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { PushDataSchema, type PushData } from '@linkup/contract';

async function listenLocal(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

/** A Web Push as a browser would read it: decrypted with the subscription's own keys. */
export interface ReceivedWebPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: { title: string; body: string; tag: string; data: PushData };
}

/**
 * A local Web Push service (RFC 8030) that owns its subscriptions' keys, as a browser does: each
 * push it receives is decrypted (RFC 8291, aes128gcm) with the subscription's private key and auth
 * secret — a payload not encrypted for it fails. `answer` sets the status per request (201 by default).
 * It listens on 127.0.0.1: the server posts there only with TEST_ONLY_LOOPBACK_PUSH_SERVICE=true.
 */
export async function startFakePushService() {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const received: ReceivedWebPush[] = [];
  const errors: string[] = [];
  let answer: (path: string, count: number) => number | Promise<number> = () => 201;
  const server = http.createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const path = req.url ?? '';
      const subscription = keys.get(path);
      const status = await answer(path, received.filter((r) => r.path === path).length);
      if (!subscription) {
        res.writeHead(404).end();
        return;
      }
      try {
        const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth });
        const payload = JSON.parse(plain.toString('utf8'));
        received.push({ path, headers: req.headers, payload: { ...payload, data: PushDataSchema.parse(payload.data) } });
      } catch (error) {
        errors.push(String(error));
      }
      res.writeHead(status).end();
    });
  });
  const origin = await listenLocal(server);
  let serial = 0;
  return {
    received,
    errors,
    /** A new subscription on this service, as `PushSubscription.toJSON()` gives it. */
    subscribe(): string {
      const path = `/push/${++serial}-${randomBytes(6).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      keys.set(path, { ecdh, auth });
      return JSON.stringify({ endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } });
    },
    pathOf: (subscription: string) => new URL((JSON.parse(subscription) as { endpoint: string }).endpoint).pathname,
    answerWith(fn: (path: string, count: number) => number | Promise<number>) {
      answer = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedFcm {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  android: { collapse_key: string; priority: string; notification: { tag: string; channel_id: string } };
  apns: { headers: Record<string, string>; payload: { aps: { sound: string } } };
}

/**
 * A local FCM HTTP v1: an OAuth2 token endpoint that checks the service account's signed JWT
 * against its public key, and `messages:send`, which needs the token it issued. Tokens in `dead`
 * answer 404 UNREGISTERED, as FCM does for an uninstalled app.
 */
export async function startFakeFcm(projectId = 'linkup-test') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const accessToken = randomBytes(16).toString('hex');
  const received: ReceivedFcm[] = [];
  const dead = new Set<string>();
  let tokenRequests = 0;
  const server = http.createServer((req, res) => {
    void readBody(req).then((raw) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/token') {
        tokenRequests += 1;
        const assertion = new URLSearchParams(raw.toString()).get('assertion') ?? '';
        const [header = '', claims = '', signature = ''] = assertion.split('.');
        const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, 'base64url'));
        const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { scope?: string };
        if (!valid || body.scope !== 'https://www.googleapis.com/auth/firebase.messaging') return res.writeHead(400).end('{"error":"invalid_grant"}');
        return res.writeHead(200).end(JSON.stringify({ access_token: accessToken, expires_in: 3600, token_type: 'Bearer' }));
      }
      if (req.url !== `/v1/projects/${projectId}/messages:send`) return res.writeHead(404).end('{}');
      if (req.headers.authorization !== `Bearer ${accessToken}`) return res.writeHead(401).end('{"error":{"status":"UNAUTHENTICATED"}}');
      const { message } = JSON.parse(raw.toString()) as { message: ReceivedFcm };
      if (dead.has(message.token)) {
        return res.writeHead(404).end(JSON.stringify({ error: { code: 404, status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } }));
      }
      received.push(message);
      return res.writeHead(200).end(JSON.stringify({ name: `projects/${projectId}/messages/${received.length}` }));
    });
  });
  const origin = await listenLocal(server);
  return {
    origin,
    received,
    dead,
    tokenRequests: () => tokenRequests,
    /** FCM_SERVICE_ACCOUNT for the server: a key file's JSON whose token_uri is this fake. */
    serviceAccount: JSON.stringify({
      type: 'service_account', project_id: projectId, client_email: `linkup@${projectId}.iam.gserviceaccount.com`,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), token_uri: `${origin}/token`,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
