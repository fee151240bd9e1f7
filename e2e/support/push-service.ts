// A Web Push service on loopback for end-to-end tests. Chromium's own push service (FCM) is out of
// reach here, so the test subscribes with keys it owns, as a browser would: the server's push is
// decrypted here (RFC 8291), proving the encryption, then handed to the member's service worker
// through the DevTools protocol (ServiceWorker.deliverPushMessage), as the browser would hand it.
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export async function startPushService() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const received: string[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'));
      waiters.splice(0).forEach((wake) => wake());
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/e2e`;
  return {
    /** The subscription to register as the member's web device (POST /user/fcm-token). */
    subscription: JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } }),
    /** The next decrypted push payload not yet taken (JSON text), waiting for it if it has not come. */
    async next(timeoutMs = 10_000): Promise<string> {
      const index = taken++;
      // Woken by each push that arrives (no polling); the timer is only the deadline.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push reached the push service')), timeoutMs);
        const check = () => {
          if (received.length <= index) return void waiters.push(check);
          clearTimeout(timer);
          resolve();
        };
        check();
      });
      return received[index]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
