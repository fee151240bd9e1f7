import { createPrivateKey, createVerify, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const DAY = 24 * 60 * 60 * 1000;

/** A SubscriptionPurchaseV2 as purchases.subscriptionsv2.get answers it (the fields the server reads, and a few more). */
export interface FakeSubscription {
  kind: 'androidpublisher#subscriptionPurchaseV2';
  subscriptionState: string;
  startTime?: string;
  latestOrderId?: string;
  acknowledgementState: 'ACKNOWLEDGEMENT_STATE_PENDING' | 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED';
  testPurchase?: Record<string, never>;
  externalAccountIdentifiers?: { obfuscatedExternalAccountId?: string };
  lineItems: {
    productId: string; expiryTime?: string; latestSuccessfulOrderId?: string;
    autoRenewingPlan?: { autoRenewEnabled: boolean; recurringPrice?: { currencyCode: string; units: string; nanos: number } };
  }[];
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => resolve(raw));
  });

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signJwt(header: object, claims: object, key: KeyObject): string {
  const data = `${b64url(header)}.${b64url(claims)}`;
  return `${data}.${sign('sha256', Buffer.from(data), key).toString('base64url')}`;
}

/**
 * A local Google for Play billing, on loopback: the OAuth2 token endpoint (checks the service
 * account's signed JWT against its public key and the androidpublisher scope), the Play Developer
 * API's `purchases.subscriptionsv2.get` and `purchases.subscriptions.acknowledge` (only with the
 * token it issued, only for its package), and Google's signing keys (JWKS) with which it signs the
 * OIDC tokens of Pub/Sub pushes.
 */
export async function startFakeGooglePlay(packageName: string) {
  const account = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pushKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const accessToken = randomBytes(16).toString('hex');
  const subscriptions = new Map<string, FakeSubscription>();
  const acknowledged: string[] = [];
  let failWith: number | null = null;
  let serial = 0;

  const server = http.createServer((req, res) => {
    void readBody(req).then((raw) => {
      const send = (status: number, body: object | null) => res.writeHead(status, { 'content-type': 'application/json' }).end(body ? JSON.stringify(body) : '');
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'POST' && path === '/token') {
        const assertion = new URLSearchParams(raw).get('assertion') ?? '';
        const [header = '', claims = '', signature = ''] = assertion.split('.');
        const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(account.publicKey, Buffer.from(signature, 'base64url'));
        const body = JSON.parse(Buffer.from(claims, 'base64url').toString() || '{}') as { scope?: string; aud?: string };
        if (!valid || body.scope !== SCOPE || body.aud !== `${origin}/token`) return send(400, { error: 'invalid_grant' });
        return send(200, { access_token: accessToken, expires_in: 3600, token_type: 'Bearer' });
      }
      if (req.method === 'GET' && path === '/certs') {
        const jwk = pushKey.publicKey.export({ format: 'jwk' });
        res.setHeader('cache-control', 'public, max-age=3600');
        return send(200, { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] });
      }
      if (req.headers.authorization !== `Bearer ${accessToken}`) return send(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      if (failWith) return send(failWith, { error: { code: failWith, status: 'INTERNAL' } });
      const prefix = `/androidpublisher/v3/applications/${packageName}/purchases/`;
      if (!path.startsWith(prefix)) return send(404, { error: { code: 404, status: 'NOT_FOUND' } });
      const rest = path.slice(prefix.length);
      const get = /^subscriptionsv2\/tokens\/([^/]+)$/.exec(rest);
      const ack = /^subscriptions\/([^/]+)\/tokens\/([^/]+):acknowledge$/.exec(rest);
      if (req.method === 'GET' && get) {
        const subscription = subscriptions.get(decodeURIComponent(get[1]!));
        return subscription ? send(200, subscription) : send(400, { error: { code: 400, message: 'Invalid Value', status: 'INVALID_ARGUMENT' } });
      }
      if (req.method === 'POST' && ack) {
        const token = decodeURIComponent(ack[2]!);
        const subscription = subscriptions.get(token);
        if (!subscription || subscription.lineItems[0]?.productId !== decodeURIComponent(ack[1]!)) return send(400, { error: { code: 400, message: 'Invalid Value' } });
        subscription.acknowledgementState = 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED';
        acknowledged.push(token);
        return send(200, null);
      }
      return send(404, { error: { code: 404, status: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    certsUrl: `${origin}/certs`,
    /** The service account key JSON (GOOGLE_PLAY_SERVICE_ACCOUNT), its token_uri pointing here. */
    serviceAccountJson: JSON.stringify({
      type: 'service_account', project_id: 'linkup-test', client_email: 'play-api@linkup-test.iam.gserviceaccount.com',
      private_key: account.privateKey.export({ type: 'pkcs8', format: 'pem' }), token_uri: `${origin}/token`,
    }),
    acknowledged,
    /** A new purchase: its token, and its state as Google keeps it (change it to move the subscription on). */
    purchase(over: Partial<Omit<FakeSubscription, 'lineItems'>> & { productId?: string; expiryTime?: string; orderId?: string; accountToken?: string } = {}) {
      const token = `fake-token.${randomBytes(24).toString('base64url')}`;
      const now = Date.now();
      const { productId = 'linkup_premium_1m', expiryTime = new Date(now + 30 * DAY).toISOString(), orderId = `GPA.${3300 + (serial += 1)}-0000-0000-00000`, accountToken, ...rest } = over;
      const subscription: FakeSubscription = {
        kind: 'androidpublisher#subscriptionPurchaseV2', subscriptionState: 'SUBSCRIPTION_STATE_ACTIVE', startTime: new Date(now - 1000).toISOString(),
        latestOrderId: orderId, acknowledgementState: 'ACKNOWLEDGEMENT_STATE_PENDING',
        ...(accountToken ? { externalAccountIdentifiers: { obfuscatedExternalAccountId: accountToken } } : {}),
        lineItems: [{
          productId, expiryTime, latestSuccessfulOrderId: orderId,
          autoRenewingPlan: { autoRenewEnabled: true, recurringPrice: { currencyCode: 'ZAR', units: '149', nanos: 0 } },
        }],
        ...rest,
      };
      subscriptions.set(token, subscription);
      return { token, subscription };
    },
    /** Google renews the subscription: a new order and expiry. */
    renew(token: string, orderId: string, expiryTime: string) {
      const subscription = subscriptions.get(token)!;
      subscription.subscriptionState = 'SUBSCRIPTION_STATE_ACTIVE';
      subscription.latestOrderId = orderId;
      Object.assign(subscription.lineItems[0]!, { latestSuccessfulOrderId: orderId, expiryTime });
    },
    setState(token: string, state: string, expiryTime?: string) {
      const subscription = subscriptions.get(token)!;
      subscription.subscriptionState = state;
      if (expiryTime) subscription.lineItems[0]!.expiryTime = expiryTime;
    },
    /** Every API call answers `status` (null: normal again). */
    failWith(status: number | null) {
      failWith = status;
    },
    /** The OIDC token Pub/Sub puts in a push's Authorization header, signed with Google's key here (or `key`). */
    pushToken(claims: Record<string, unknown>, key: KeyObject = pushKey.privateKey): string {
      const now = Math.floor(Date.now() / 1000);
      return signJwt({ alg: 'RS256', kid, typ: 'JWT' }, { iss: 'https://accounts.google.com', iat: now, exp: now + 3600, email_verified: true, sub: '1234', ...claims }, key);
    },
    /** A key that is not Google's (a forger's). */
    foreignKey: createPrivateKey(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' })),
    /** A Pub/Sub push body of a Real-time developer notification. */
    pushBody(notification: object, messageId = String(Date.now()) + randomBytes(4).toString('hex')) {
      return {
        message: { data: Buffer.from(JSON.stringify({ version: '1.0', eventTimeMillis: String(Date.now()), ...notification })).toString('base64'), messageId, message_id: messageId, publishTime: new Date().toISOString() },
        subscription: 'projects/linkup-test/subscriptions/play-rtdn',
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
