import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

export interface IdTokenSettings {
  /** Google's signing keys as a JWK set (https://www.googleapis.com/oauth2/v3/certs). */
  certsUrl: string;
  /** The audience the push subscription puts in its tokens. */
  audience: string;
  /** The service account the push subscription signs in as. */
  email: string;
  timeoutMs: number;
}

/** An ID token that does not verify (signature, issuer, audience, account, time). */
export class IdTokenError extends Error {}

const ISSUERS = new Set(['accounts.google.com', 'https://accounts.google.com']);
const SKEW_S = 60;
/** Keys are fetched again after this long at most, or sooner when a token names a key not yet known. */
const DEFAULT_MAX_AGE_MS = 60 * 60 * 1000;
/** A token naming an unknown key refetches the set at most this often (a forged `kid` cannot make us hammer Google). */
const REFETCH_MIN_MS = 60 * 1000;

const HeaderSchema = z.object({ alg: z.literal('RS256'), kid: z.string().min(1).max(200) });
const ClaimsSchema = z.object({
  iss: z.string(),
  aud: z.string(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  exp: z.number(),
  iat: z.number(),
});
const JwksSchema = z.object({ keys: z.array(z.object({ kid: z.string(), kty: z.literal('RSA'), n: z.string(), e: z.string() }).loose()) });

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;

/**
 * Verifies the OpenID Connect tokens Google signs for an authenticated Pub/Sub push subscription
 * (`Authorization: Bearer <JWT>`): RS256 with one of Google's published keys, issued by Google, for
 * our audience, in the name of the configured service account (with its e-mail verified), and
 * current. Nothing else can produce such a token, so a push that carries one comes from our
 * subscription.
 */
export class GoogleIdTokens {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = 0;
  private maxAgeMs = DEFAULT_MAX_AGE_MS;

  constructor(private readonly settings: IdTokenSettings) {}

  async verify(authorization: string | undefined, nowMs = Date.now()): Promise<void> {
    const jwt = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization ?? '')?.[1];
    if (!jwt) throw new IdTokenError('no bearer token');
    const [headerPart, claimsPart, signaturePart] = jwt.split('.') as [string, string, string];
    let header: z.infer<typeof HeaderSchema>;
    let claims: z.infer<typeof ClaimsSchema>;
    try {
      header = HeaderSchema.parse(decode(headerPart));
      claims = ClaimsSchema.parse(decode(claimsPart));
    } catch {
      throw new IdTokenError('not a Google ID token');
    }
    const key = await this.key(header.kid, nowMs);
    if (!key || !verify('sha256', Buffer.from(`${headerPart}.${claimsPart}`), key, Buffer.from(signaturePart, 'base64url'))) {
      throw new IdTokenError('signature does not verify');
    }
    const now = nowMs / 1000;
    if (!ISSUERS.has(claims.iss)) throw new IdTokenError('not issued by Google');
    if (claims.aud !== this.settings.audience) throw new IdTokenError('for another audience');
    if (claims.email !== this.settings.email || claims.email_verified !== true) throw new IdTokenError('of another account');
    if (claims.exp < now - SKEW_S || claims.iat > now + SKEW_S) throw new IdTokenError('expired or not yet valid');
  }

  private async key(kid: string, nowMs: number): Promise<KeyObject | undefined> {
    const stale = nowMs - this.fetchedAt > this.maxAgeMs;
    if (stale || (!this.keys.has(kid) && nowMs - this.fetchedAt > REFETCH_MIN_MS)) await this.fetchKeys(nowMs);
    return this.keys.get(kid);
  }

  private async fetchKeys(nowMs: number): Promise<void> {
    const response = await fetch(this.settings.certsUrl, { signal: AbortSignal.timeout(this.settings.timeoutMs) });
    if (!response.ok) throw new Error(`Google's signing keys answered ${response.status}`);
    const jwks = JwksSchema.parse(await response.json());
    this.keys = new Map(jwks.keys.map((jwk) => [jwk.kid, createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' })]));
    this.fetchedAt = nowMs;
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
    this.maxAgeMs = maxAge ? Math.min(Number(maxAge) * 1000, DEFAULT_MAX_AGE_MS * 24) : DEFAULT_MAX_AGE_MS;
  }
}
