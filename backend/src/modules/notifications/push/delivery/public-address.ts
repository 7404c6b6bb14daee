import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DomainError } from '../../../../platform/commands/domain-error';

/**
 * A push endpoint is a URL the server calls, so it must lead to the public internet, never to this
 * machine or its network (server-side request forgery). Every address a host resolves to is checked,
 * at subscription and again when the connection is made (a host may resolve elsewhere later).
 * With PUSH_ALLOW_LOOPBACK (tests with a local receiver) 127.0.0.1 and ::1 are admitted, nothing else.
 */
// Two lists: node checks an IPv4 address against IPv6 rules too (as IPv4-mapped), so ::/96 would catch all of them.
const NOT_PUBLIC_V4 = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped: judged by the IPv4 address inside (below), never admitted as IPv6
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK_FOR_TESTS = new Set(['127.0.0.1', '::1']);

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx), else null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted && isIP(dotted[1]) === 4) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** Whether the server may send to this address. */
export function isPublicAddress(address: string, allowLoopback: boolean): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  if (allowLoopback && LOOPBACK_FOR_TESTS.has(address)) return true;
  if (version === 6) {
    const inner = mappedIpv4(address);
    if (inner !== null) return isPublicAddress(inner, false);
    return !NOT_PUBLIC_V6.check(address, 'ipv6');
  }
  return !NOT_PUBLIC_V4.check(address, 'ipv4');
}

export const PUSH_ADDRESS_TEXT = {
  notPublic: 'endpoint must be a push service on the public internet, not a private, local or reserved address',
  unknownHost: "endpoint's host could not be found",
} as const;

const refuse = (message: string) => new DomainError('PUSH.INVALID', 'invalid', message, [{ field: 'endpoint', message }]);

/** A URL's host as an address or a name (without IPv6 brackets). */
const hostOf = (endpoint: string) => new URL(endpoint).hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves the endpoint's host and refuses it (400 naming `endpoint`) unless every address it has is
 * public. A literal address is judged as it is.
 */
export async function assertPublicEndpoint(endpoint: string, allowLoopback: boolean): Promise<void> {
  const host = hostOf(endpoint);
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw refuse(PUSH_ADDRESS_TEXT.unknownHost);
    }
  }
  if (addresses.length === 0 || !addresses.every((address) => isPublicAddress(address, allowLoopback))) throw refuse(PUSH_ADDRESS_TEXT.notPublic);
}

/**
 * The `lookup` of the sender's connections: resolves as usual, then fails the connection when an
 * address is not public, so what is checked is what is connected to (no DNS rebinding between the
 * check and the call).
 */
export function publicOnlyLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as { address: string; family: number }[];
      if (list.length === 0 || !list.every((a) => isPublicAddress(a.address, allowLoopback))) {
        return callback(Object.assign(new Error(`Push endpoint ${hostname} does not resolve to a public address`), { code: 'EPUSHNOTPUBLIC' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
