import fs from 'node:fs';
import { createSign } from 'node:crypto';
import { z } from 'zod';

/**
 * The fields of a Google service account key (the JSON file the Cloud or Firebase console
 * downloads) that our calls to Google need. `token_uri` is where the signed JWT is exchanged for an
 * access token (Google's own, unless the key names another: a local fake in tests).
 */
const ServiceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(3),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type ServiceAccount = z.infer<typeof ServiceAccountSchema>;

/** A setting that holds a service account key: the key file's path, or its JSON itself. Throws with a message naming `setting`. */
export function readServiceAccount(value: string, setting: string): ServiceAccount {
  const text = value.trimStart().startsWith('{') ? value : fs.readFileSync(value, 'utf8');
  const parsed = ServiceAccountSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${setting} is not a Google service account key: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return parsed.data;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * OAuth2 access tokens for a service account and one scope, as Google's service accounts get them
 * (RFC 7523): a JWT signed with the account's key is exchanged at its `token_uri`; the token is kept
 * until a minute before it expires. `forget()` drops it (after the API refused it).
 */
export class GoogleAccessTokens {
  private current: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly account: ServiceAccount,
    private readonly scope: string,
    private readonly timeoutMs: number,
  ) {}

  async token(): Promise<string> {
    if (this.current && this.current.expiresAt > Date.now() + 60_000) return this.current.value;
    const iat = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = base64url(JSON.stringify({ iss: this.account.client_email, scope: this.scope, aud: this.account.token_uri, iat, exp: iat + 3600 }));
    const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(this.account.private_key).toString('base64url');
    const response = await fetch(this.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${header}.${claims}.${signature}` }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new Error(`Google token request answered ${response.status}`);
    this.current = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  forget(): void {
    this.current = null;
  }
}
