import type { PushData } from '@linkup/contract';

/** One notification as a push service carries it to a device. */
export interface PushMessage {
  title: string;
  body: string;
  /** Spec §3 push data: what the app (service worker, native listener) acts on. */
  data: PushData;
  /**
   * Pushes with the same tag replace each other on the device (and, not yet delivered, at the push
   * service): a room's messages, a member's collapsed likes.
   */
  tag: string;
}

/** What became of one send. `gone`: the token is dead (uninstalled, unsubscribed) and is deleted. */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; reason: string }
  | { kind: 'retry'; reason: string; afterMs?: number }
  | { kind: 'failed'; reason: string };

/** A push service: Web Push (browsers) or FCM (the native app). */
export interface PushSender {
  send(token: string, message: PushMessage): Promise<PushOutcome>;
}

/** How long one request to a push service may take before it is retried later. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;

/** Outcome of an HTTP answer that both services share: 429 and 5xx are worth another try. */
export function outcomeOfStatus(status: number, retryAfter: string | null): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone', reason: `push service answered ${status}` };
  if (status === 429 || status >= 500) {
    const seconds = Number(retryAfter);
    return { kind: 'retry', reason: `push service answered ${status}`, ...(Number.isFinite(seconds) && seconds > 0 ? { afterMs: seconds * 1000 } : {}) };
  }
  return { kind: 'failed', reason: `push service answered ${status}` };
}
