import fs from 'node:fs';
import { createSign } from 'node:crypto';
import { NATIVE_APP } from '@linkup/contract';
import { z } from 'zod';
import { outcomeOfStatus, PUSH_REQUEST_TIMEOUT_MS, type PushMessage, type PushOutcome, type PushSender } from './push';

/** The fields of a Firebase service account key (the JSON file the Firebase console downloads) that FCM needs. */
const ServiceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(3),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccount = z.infer<typeof ServiceAccountSchema>;

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** FCM error codes meaning the token will never work again. */
const DEAD_TOKEN_CODES = new Set(['UNREGISTERED']);

/** FCM_SERVICE_ACCOUNT: the key file's path, or its JSON itself. Throws with a message naming what is wrong. */
export function readServiceAccount(setting: string): ServiceAccount {
  const text = setting.trimStart().startsWith('{') ? setting : fs.readFileSync(setting, 'utf8');
  const parsed = ServiceAccountSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`FCM_SERVICE_ACCOUNT is not a Firebase service account key: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return parsed.data;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** FCM data values are strings. */
function stringValues(data: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) if (value !== undefined && value !== null) result[key] = String(value);
  return result;
}

/**
 * FCM HTTP v1 over its REST API (no SDK): an OAuth2 access token from the service account's
 * signed JWT (RFC 7523), kept until shortly before it expires, then `messages:send` per token.
 */
export class FcmSender implements PushSender {
  private accessToken: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly account: ServiceAccount,
    private readonly apiUrl: string,
  ) {}

  private async token(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > Date.now() + 60_000) return this.accessToken.value;
    const iat = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = base64url(JSON.stringify({ iss: this.account.client_email, scope: SCOPE, aud: this.account.token_uri, iat, exp: iat + 3600 }));
    const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(this.account.private_key).toString('base64url');
    const response = await fetch(this.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${header}.${claims}.${signature}` }),
      signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new Error(`FCM token request answered ${response.status}`);
    this.accessToken = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    try {
      const response = await fetch(`${this.apiUrl}/v1/projects/${encodeURIComponent(this.account.project_id)}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.token()}`, 'content-type': 'application/json' },
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
      if (response.status === 401) this.accessToken = null;
      const code = body.error?.details?.find((d) => d.errorCode)?.errorCode;
      if (code && DEAD_TOKEN_CODES.has(code)) return { kind: 'gone', reason: `FCM ${code}` };
      if (response.status === 401) return { kind: 'retry', reason: 'FCM access token refused' };
      return outcomeOfStatus(response.status, response.headers.get('retry-after'));
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
