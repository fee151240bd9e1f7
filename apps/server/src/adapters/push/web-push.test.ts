import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pinnedLookup } from './push-endpoint';
import { WebPushSender } from './web-push';

const keys = webpush.generateVAPIDKeys();
const message = { title: 'Someone likes you', body: 'Upgrade to Premium to see who likes you.', tag: 'like', data: { type: 'like' as const } };
const subscriptionAt = (endpoint: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({ endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } });
};

describe('WebPushSender', () => {
  // An inside service that would answer 404 — which, reached, would delete the device (a port oracle).
  let inside: http.Server;
  let port: number;
  const requests: string[] = [];
  beforeAll(async () => {
    inside = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    port = (inside.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => inside.close(() => resolve())));

  /** DNS answering `address` for every name. */
  const dnsAnswering = (address: string) => (_host: string, _options: unknown, callback: (err: NodeJS.ErrnoException | null, found: LookupAddress[]) => void) =>
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);

  it('refuses a push service name that resolves inside: nothing is sent, and the device is not dropped as gone', async () => {
    const policy = { testOnlyLoopbackService: false };
    const sender = new WebPushSender(keys, 'mailto:support@linkup.app', policy, pinnedLookup(policy, dnsAnswering('127.0.0.1')));
    const outcome = await sender.send(subscriptionAt('https://fcm.googleapis.com/fcm/send/abc'), message);
    expect(outcome).toEqual({ kind: 'failed', reason: 'fcm.googleapis.com resolves to 127.0.0.1, not a public address' });
    expect(requests).toEqual([]);
  });

  it('connects to the address its lookup checked (the test-only loopback service: the name stands for 127.0.0.1)', async () => {
    const policy = { testOnlyLoopbackService: true };
    const sender = new WebPushSender(keys, 'mailto:support@linkup.app', policy, pinnedLookup(policy, dnsAnswering('127.0.0.1')));
    expect(await sender.send(subscriptionAt(`http://localhost:${port}/push/1`), message)).toEqual({ kind: 'gone', reason: 'push service answered 404' });
    expect(requests).toEqual(['/push/1']);
    // The same name resolving to a private address is refused, test-only setting or not.
    const rebound = new WebPushSender(keys, 'mailto:support@linkup.app', policy, pinnedLookup(policy, dnsAnswering('10.0.0.1')));
    expect(await rebound.send(subscriptionAt(`http://localhost:${port}/push/2`), message)).toMatchObject({ kind: 'failed' });
    expect(requests).toEqual(['/push/1']);
  });

  it('drops a stored subscription that is no push service endpoint without sending to it', async () => {
    const sender = new WebPushSender(keys, 'mailto:support@linkup.app', { testOnlyLoopbackService: false });
    expect(await sender.send(subscriptionAt(`http://127.0.0.1:${port}/push/3`), message)).toMatchObject({ kind: 'gone' });
    expect(requests).toEqual(['/push/1']);
  });
});
