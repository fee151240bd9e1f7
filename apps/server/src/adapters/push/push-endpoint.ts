import dns, { type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { isLoopback } from '../../lib/loopback';

/**
 * The push services browsers subscribe at (Chrome and Edge's FCM, Firefox's autopush, Safari's
 * APNs web push, Windows' WNS): a Web Push endpoint must be on one of them, so a member cannot
 * make the server post to a host of their choosing.
 */
const PUSH_SERVICE_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com']);
const PUSH_SERVICE_DOMAINS = ['.push.apple.com', '.notify.windows.com'];

/** Whether `hostname` (as `URL` gives it: lower case, no trailing-dot forgiveness) is a known push service. */
export function isPushServiceHost(hostname: string): boolean {
  return PUSH_SERVICE_HOSTS.has(hostname) || PUSH_SERVICE_DOMAINS.some((domain) => hostname.endsWith(domain) && hostname.length > domain.length);
}

/** IANA's special-purpose IPv4 blocks: this network, private, shared (CGNAT), loopback, link-local, documentation, multicast, reserved. */
const SPECIAL_IPV4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
/** Inside 2000::/3: IETF special (Teredo, benchmarking, ORCHID), documentation, 6to4 (wraps any IPv4 address). */
const SPECIAL_IPV6: [string, number][] = [['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20]];

const specialIpv4 = new BlockList();
for (const [network, prefix] of SPECIAL_IPV4) specialIpv4.addSubnet(network, prefix, 'ipv4');
const globalUnicastIpv6 = new BlockList();
globalUnicastIpv6.addSubnet('2000::', 3, 'ipv6');
const specialIpv6 = new BlockList();
for (const [network, prefix] of SPECIAL_IPV6) specialIpv6.addSubnet(network, prefix, 'ipv6');

/**
 * True only for an address on the public internet. IPv6 must be global unicast (2000::/3), which
 * leaves out loopback, unspecified, unique-local (fc00::/7), link-local (fe80::/10) and every
 * IPv4-mapped, -compatible or NAT64 form of an IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !specialIpv4.check(address, 'ipv4');
  if (family !== 6 || address.includes('%')) return false;
  return globalUnicastIpv6.check(address, 'ipv6') && !specialIpv6.check(address, 'ipv6');
}

export interface PushEndpointPolicy {
  /**
   * Tests only (TEST_ONLY_LOOPBACK_PUSH_SERVICE): endpoints on this machine, over http or https, for a
   * local fake push service. Never in production.
   */
  testOnlyLoopbackService: boolean;
}

/** Whether the server may post to `endpoint`: https on a known push service's default port, no credentials. */
export function isAcceptedPushEndpoint(endpoint: string, policy: PushEndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (policy.testOnlyLoopbackService && isLoopback(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  return url.protocol === 'https:' && url.port === '' && isPushServiceHost(url.hostname);
}

/** Whether a push may be sent to this resolved address under `policy`. */
export function isAllowedPushAddress(address: string, policy: PushEndpointPolicy): boolean {
  return isPublicAddress(address) || (policy.testOnlyLoopbackService && isLoopback(address));
}

/** A push endpoint's host resolved to an address inside (private, loopback, link-local…): nothing was sent. */
export class PushAddressRefusedError extends Error {
  readonly code = 'PUSH_ADDRESS_REFUSED';
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, not a public address`);
    this.name = 'PushAddressRefusedError';
  }
}

type Resolve = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type PinnedLookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

/** The system resolver, looked up on each call (so a test can stand in for DNS). */
const systemResolve: Resolve = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * A `lookup` for the socket a push is sent on: it resolves the host once, refuses it when any of
 * its addresses is not allowed, and hands the socket exactly the addresses it checked — the
 * connection goes where the check looked, so a second DNS answer (rebinding) cannot swap it.
 */
export function pinnedLookup(policy: PushEndpointPolicy, resolve: Resolve = systemResolve): PinnedLookup {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const refused = addresses.find((a) => !isAllowedPushAddress(a.address, policy));
      const first = addresses[0];
      if (refused || !first) return callback(new PushAddressRefusedError(hostname, refused?.address ?? 'nothing'), '');
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}
