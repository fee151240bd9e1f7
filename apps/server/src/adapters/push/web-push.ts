import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { WebPushSubscriptionSchema, type WebPushSubscription } from '@linkup/contract';
import webpush from 'web-push';
import { outcomeOfStatus, PUSH_REQUEST_TIMEOUT_MS, type PushMessage, type PushOutcome, type PushSender } from './push';
import type { VapidKeys } from './vapid-keys';

/** How long a push service keeps an undelivered notification (a day: older news is stale). */
const TTL_SECONDS = 24 * 60 * 60;
const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * A Web Push subscription a browser sent as its token, if it is one this server will post to:
 * an https endpoint on a named host (never an address of this network — the server must not be
 * made to post to its neighbours); http on this machine only where `allowLoopback` (tests, dev).
 */
export function parseWebPushSubscription(token: string, allowLoopback: boolean): WebPushSubscription | null {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return null;
  }
  const parsed = WebPushSubscriptionSchema.safeParse(json);
  if (!parsed.success) return null;
  const url = new URL(parsed.data.endpoint);
  const host = url.hostname;
  if (allowLoopback && LOOPBACK.has(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return parsed.data;
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 || LOOPBACK.has(host) || !host.includes('.') || host.endsWith('.local') || host.endsWith('.internal')) return null;
  return parsed.data;
}

/** The Topic header (at most 32 base64url characters) for a tag: undelivered pushes of one topic replace each other. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the subscription
 * (RFC 8291, aes128gcm) by `web-push`; sent with fetch so a slow push service times out.
 */
export class WebPushSender implements PushSender {
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly allowLoopback: boolean,
  ) {}

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    const subscription = parseWebPushSubscription(token, this.allowLoopback);
    if (!subscription) return { kind: 'gone', reason: 'not a valid Web Push subscription' };
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
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
        redirect: 'error',
      });
      await response.arrayBuffer().catch(() => undefined);
      return outcomeOfStatus(response.status, response.headers.get('retry-after'));
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
