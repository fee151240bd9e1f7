/**
 * The id a send carries so that a retried send is stored once (contract SendMessageBodySchema:
 * 8–64 of A–Z, a–z, 0–9, _ and -).
 */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
