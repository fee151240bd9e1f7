import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isAcceptedPushEndpoint, isAllowedPushAddress, isPublicAddress, isPushServiceHost, pinnedLookup, PushAddressRefusedError } from './push-endpoint';

const production = { testOnlyLoopbackService: false };
const withFakeService = { testOnlyLoopbackService: true };

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0', '0.1.2.3', '10.0.0.8', '10.255.255.255', '100.64.0.1', '100.127.255.254', '127.0.0.1', '127.1.2.3',
    '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.8', '192.0.2.1', '192.168.1.1', '198.18.0.1',
    '198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
  ])('refuses the IPv4 address %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', '::127.0.0.1', '64:ff9b::a00:1',
    'fc00::1', 'fd12:3456:789a::1', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'ff02::1', '2001:db8::1', '2001::1',
    '2002:7f00:1::1', '2002:a00:1::1', '3fff::1',
  ])('refuses the IPv6 address %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '142.250.180.10', '100.63.255.255', '100.128.0.1', '172.15.255.255', '172.32.0.1', '192.169.0.1', '2a00:1450:4001:82b::200a', '2607:f8b0:4004:c07::5f'])(
    'accepts the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each(['localhost', 'fcm.googleapis.com', '', '0x7f.1', '127.1', '2130706433', '[::1]'])('refuses %j, which is not an address', (value) => {
    expect(isPublicAddress(value)).toBe(false);
  });

  it('allows loopback only for the test-only fake push service, and never a private address', () => {
    expect(isAllowedPushAddress('127.0.0.1', production)).toBe(false);
    expect(isAllowedPushAddress('127.0.0.1', withFakeService)).toBe(true);
    expect(isAllowedPushAddress('::1', withFakeService)).toBe(true);
    expect(isAllowedPushAddress('10.0.0.1', withFakeService)).toBe(false);
    expect(isAllowedPushAddress('8.8.8.8', production)).toBe(true);
  });
});

describe('isAcceptedPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGuQyavXutnMHTQm',
    'https://api.push.apple.com/3/device/abc',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    'https://FCM.googleapis.com:443/fcm/send/abc',
  ])('accepts %s', (endpoint) => {
    expect(isPushServiceHost(new URL(endpoint).hostname)).toBe(true);
    expect(isAcceptedPushEndpoint(endpoint, production)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com./fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://evilfcm.googleapis.com/fcm/send/abc',
    'https://user:pass@fcm.googleapis.com/fcm/send/abc',
    'https://push.apple.com/abc',
    'https://evilpush.apple.com/abc',
    'https://notify.windows.com/abc',
    'https://evil.example/push',
    'https://localhost./push',
    'https://localhost/push',
    'http://127.0.0.1:8080/push',
    'https://[::1]/push',
    'https://10.0.0.8/push',
    'https://169.254.169.254/latest/meta-data',
    'ftp://fcm.googleapis.com/x',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(isAcceptedPushEndpoint(endpoint, production)).toBe(false);
  });

  it('accepts a loopback endpoint only with the test-only setting, and still no other inside host', () => {
    for (const endpoint of ['http://127.0.0.1:8080/push', 'http://localhost:8080/push', 'http://[::1]:8080/push']) {
      expect(isAcceptedPushEndpoint(endpoint, production), endpoint).toBe(false);
      expect(isAcceptedPushEndpoint(endpoint, withFakeService), endpoint).toBe(true);
    }
    for (const endpoint of ['http://10.0.0.8/push', 'https://localhost./push', 'http://fcm.googleapis.com/x', 'http://evil.example/x']) {
      expect(isAcceptedPushEndpoint(endpoint, withFakeService), endpoint).toBe(false);
    }
  });
});

describe('pinnedLookup', () => {
  /** A resolver answering `addresses` for every name, counting its calls. */
  const resolver = (addresses: LookupAddress[]) => {
    const calls: string[] = [];
    const resolve = (hostname: string, _options: unknown, callback: (err: NodeJS.ErrnoException | null, found: LookupAddress[]) => void) => {
      calls.push(hostname);
      callback(null, addresses);
    };
    return { calls, resolve };
  };
  const lookUp = (lookup: ReturnType<typeof pinnedLookup>, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) => {
      lookup('fcm.googleapis.com', { all }, (err, address, family) => resolve({ err, address, family }));
    });

  it('hands the socket exactly the public addresses it checked, from one resolution', async () => {
    const addresses = [{ address: '142.250.180.10', family: 4 }, { address: '2a00:1450:4001:82b::200a', family: 6 }];
    const dns = resolver(addresses);
    const lookup = pinnedLookup(production, dns.resolve);
    expect(await lookUp(lookup, true)).toEqual({ err: null, address: addresses, family: undefined });
    expect(await lookUp(lookup, false)).toEqual({ err: null, address: '142.250.180.10', family: 4 });
    expect(dns.calls).toEqual(['fcm.googleapis.com', 'fcm.googleapis.com']);
  });

  it.each([
    [[{ address: '127.0.0.1', family: 4 }]],
    [[{ address: '10.1.2.3', family: 4 }]],
    [[{ address: '100.64.0.1', family: 4 }]],
    [[{ address: '0.0.0.0', family: 4 }]],
    [[{ address: '::ffff:127.0.0.1', family: 6 }]],
    [[{ address: 'fd00::1', family: 6 }]],
    [[{ address: 'fe80::1', family: 6 }]],
    [[{ address: '142.250.180.10', family: 4 }, { address: '192.168.0.1', family: 4 }]],
    [[]],
  ])('refuses a host that resolves to %j', async (addresses) => {
    const { err, address } = await lookUp(pinnedLookup(production, resolver(addresses).resolve), false);
    expect(err).toBeInstanceOf(PushAddressRefusedError);
    expect(address).toBe('');
  });

  it('lets loopback through only for the test-only fake push service', async () => {
    const loopback = [{ address: '127.0.0.1', family: 4 }];
    expect((await lookUp(pinnedLookup(withFakeService, resolver(loopback).resolve), false)).address).toBe('127.0.0.1');
    expect((await lookUp(pinnedLookup(withFakeService, resolver([{ address: '10.0.0.1', family: 4 }]).resolve), false)).err).toBeInstanceOf(PushAddressRefusedError);
  });

  it('passes a resolver error on', async () => {
    const failing = (_h: string, _o: unknown, callback: (err: NodeJS.ErrnoException | null, found: LookupAddress[]) => void) =>
      callback(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), []);
    const { err } = await lookUp(pinnedLookup(production, failing), false);
    expect(err?.code).toBe('ENOTFOUND');
    expect(err).not.toBeInstanceOf(PushAddressRefusedError);
  });
});
