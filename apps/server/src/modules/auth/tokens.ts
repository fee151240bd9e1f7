import { createHash, randomBytes } from 'node:crypto';

/** A session token: 256 random bits. Only its SHA-256 is stored, so a database leak signs nobody in. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header, if well-formed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_\-.~+/]{16,512}=*)$/.exec(header.trim());
  return match ? match[1]! : null;
}
