import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WebPushSubscriptionSchema, type WebPushSubscription } from '@linkup/contract';
import webpush from 'web-push';
import { outcomeOfStatus, PUSH_REQUEST_TIMEOUT_MS, type PushMessage, type PushOutcome, type PushSender } from './push';
import { isAcceptedPushEndpoint, isAllowedPushAddress, pinnedLookup, PushAddressRefusedError, type PinnedLookup, type PushEndpointPolicy } from './push-endpoint';
import type { VapidKeys } from './vapid-keys';

/** How long a push service keeps an undelivered notification (a day: older news is stale). */
const TTL_SECONDS = 24 * 60 * 60;

/** A Web Push subscription (`PushSubscription.toJSON()`) a browser sent as its token, or null when it is not one. */
export function parseWebPushSubscription(token: string): WebPushSubscription | null {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return null;
  }
  const parsed = WebPushSubscriptionSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The Topic header (at most 32 base64url characters) for a tag: undelivered pushes of one topic replace each other. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the subscription
 * (RFC 8291, aes128gcm) by `web-push`. Only to a known push service's endpoint, on a connection to
 * the public address its name resolved to when sent (`pinnedLookup`), never following a redirect;
 * a slow push service times out.
 */
export class WebPushSender implements PushSender {
  private readonly lookup: PinnedLookup;
  /** Connections kept open between pushes (an idle one never holds the process open). */
  private readonly agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly policy: PushEndpointPolicy,
    lookup?: PinnedLookup,
  ) {
    this.lookup = lookup ?? pinnedLookup(policy);
  }

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    const subscription = parseWebPushSubscription(token);
    // Stored before today's rules, or not a subscription at all: no push ever goes there.
    if (!subscription || !isAcceptedPushEndpoint(subscription.endpoint, this.policy)) return { kind: 'gone', reason: 'not a Web Push subscription of a known push service' };
    const payload = JSON.stringify({ title: message.title, body: message.body, tag: message.tag, data: message.data });
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: subscription.keys },
      payload,
      {
        vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
        topic: topicOf(message.tag),
        contentEncoding: 'aes128gcm',
      },
    );
    const url = new URL(request.endpoint);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    // An address in the URL is never looked up: checked here instead.
    if (isIP(literal) && !isAllowedPushAddress(literal, this.policy)) return { kind: 'failed', reason: `${literal} is not a public address` };
    return this.post(url, request.method, request.headers as Record<string, string | number>, request.body);
  }

  /** One POST, its answer read to the end; a refused address is `failed` (the device stays), any other error a retry. */
  private post(url: URL, method: string, headers: Record<string, string | number>, body: Buffer | null): Promise<PushOutcome> {
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      const req = transport.request(url, {
        method,
        headers,
        agent: this.agents[url.protocol === 'https:' ? 'https:' : 'http:'],
        lookup: this.lookup,
        signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
      }, (res) => {
        res.resume();
        res.on('end', () => resolve(outcomeOfStatus(res.statusCode ?? 0, headerValue(res.headers['retry-after']))));
        res.on('error', (error) => resolve({ kind: 'retry', reason: error.message }));
        // Cut off before its end (the timeout, a reset): 'end' never came, so this is the outcome.
        res.on('close', () => resolve({ kind: 'retry', reason: 'the answer was cut off' }));
      });
      req.on('error', (error) => {
        resolve(error instanceof PushAddressRefusedError ? { kind: 'failed', reason: error.message } : { kind: 'retry', reason: error.message });
      });
      req.end(body ?? undefined);
    });
  }
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] ?? null : value ?? null);
