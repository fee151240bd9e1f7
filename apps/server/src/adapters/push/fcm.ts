import { NATIVE_APP } from '@linkup/contract';
import { GoogleAccessTokens, type ServiceAccount } from '../google-service-account';
import { outcomeOfStatus, PUSH_REQUEST_TIMEOUT_MS, type PushMessage, type PushOutcome, type PushSender } from './push';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** FCM error codes meaning the token will never work again. */
const DEAD_TOKEN_CODES = new Set(['UNREGISTERED']);

/** FCM data values are strings. */
function stringValues(data: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) if (value !== undefined && value !== null) result[key] = String(value);
  return result;
}

/**
 * FCM HTTP v1 over its REST API (no SDK): an OAuth2 access token from the service account
 * (adapters/google-service-account.ts), then `messages:send` per token.
 */
export class FcmSender implements PushSender {
  private readonly tokens: GoogleAccessTokens;

  constructor(
    private readonly account: ServiceAccount,
    private readonly apiUrl: string,
  ) {
    this.tokens = new GoogleAccessTokens(account, SCOPE, PUSH_REQUEST_TIMEOUT_MS);
  }

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    try {
      const response = await fetch(`${this.apiUrl}/v1/projects/${encodeURIComponent(this.account.project_id)}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.tokens.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token,
            notification: { title: message.title, body: message.body },
            data: stringValues(message.data),
            // The app's named channel (it creates it at start; Android 8+ shows a push only on a
            // channel) with the monochrome small icon the manifest names; iOS plays the sound.
            android: { collapse_key: message.tag, priority: 'high', notification: { tag: message.tag, channel_id: NATIVE_APP.pushChannel.id } },
            apns: { headers: { 'apns-collapse-id': message.tag.slice(0, 64) }, payload: { aps: { sound: NATIVE_APP.pushSound } } },
          },
        }),
        signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: { details?: { errorCode?: string }[] } };
      if (response.status === 401) this.tokens.forget();
      const code = body.error?.details?.find((d) => d.errorCode)?.errorCode;
      if (code && DEAD_TOKEN_CODES.has(code)) return { kind: 'gone', reason: `FCM ${code}` };
      if (response.status === 401) return { kind: 'retry', reason: 'FCM access token refused' };
      return outcomeOfStatus(response.status, response.headers.get('retry-after'));
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
