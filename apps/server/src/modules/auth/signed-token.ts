import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A compact signed, expiring token: base64url(JSON payload) + "." + base64url(HMAC-SHA256).
 * Used for e-mail verification links, which need no table: the payload names the member and
 * the address, so changing the address voids older links.
 */
export function signToken(secret: string, purpose: string, payload: Record<string, string | number>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

export function verifySignedToken(secret: string, purpose: string, token: string): Record<string, unknown> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function mac(secret: string, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
}

/** HMAC of a one-time code bound to its number, so a stolen table reveals no codes. */
export function hashOtp(secret: string, mobile: string, code: string): string {
  return createHmac('sha256', secret).update(`otp:${mobile}:${code}`).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a, 'hex'), Buffer.from(b, 'hex')];
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
