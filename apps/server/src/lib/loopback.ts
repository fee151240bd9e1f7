/**
 * True for an address or host name that only this machine reaches: 127.0.0.0/8, ::1 (also as an
 * IPv4-mapped address) and localhost. What the dev outbox is served to, and where development listens.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const host = address.toLowerCase().replace(/^\[|\]$/g, '').replace(/^::ffff:/, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
