import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * Where a webhook may point (SSRF): an http(s) URL without credentials, https only in
 * production, and in production never at a special-purpose address: loopback, private,
 * link-local, unique-local, CGNAT, documentation, benchmarking, multicast, reserved and the
 * rest of IANA's IPv4 and IPv6 Special-Purpose Address Registries. An IPv6 address that
 * carries an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) is judged by the IPv4
 * address it leads to. The host is resolved at registration and again at every delivery (DNS
 * can change), where the connection is made to the very address that was checked.
 */

/** Why a URL is refused: not an allowed URL, or one on a private network. */
export type WebhookUrlProblem = 'webhook_url_invalid' | 'webhook_url_private';

/**
 * IANA's IPv4 Special-Purpose Address Registry, every entry (the few it calls globally
 * reachable are anycast and DNS services, never a webhook's receiver), and multicast.
 */
const specialIpv4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 "this host"
  ['10.0.0.0', 8], // private use
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private use
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, PCP and TURN anycast, NAT64 discovery)
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private use
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 limited broadcast
];

/**
 * IANA's IPv6 Special-Purpose Address Registry, every entry but the forms that carry an IPv4
 * address (judged by that address), and the IPv6 space that is not global unicast: site-local
 * and multicast, and whatever lies outside 2000::/3 (reserved by the IETF).
 */
const specialIpv6: readonly (readonly [string, number])[] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation: a translator inside our network
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy prefix
  // IETF protocol assignments (benchmarking 2001:2::/48, ORCHID, AMT, anycast); Teredo
  // 2001::/32 within it is judged by its IPv4 addresses.
  ['2001::', 23],
  ['2001:db8::', 32], // documentation
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing (SRv6) SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  // Not global unicast (2000::/3): reserved by the IETF.
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
];

// Two lists: a BlockList matches an IPv4 address against IPv6 rules of the mapped range too,
// and IPv6's list holds all of ::/3, ::ffff:0:0/96 among it.
const blockedIpv4 = new BlockList();
for (const [network, prefix] of specialIpv4) blockedIpv4.addSubnet(network, prefix, 'ipv4');
const blockedIpv6 = new BlockList();
for (const [network, prefix] of specialIpv6) blockedIpv6.addSubnet(network, prefix, 'ipv6');

/** An IPv6 address (valid per `isIP`, no zone) as its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  // The URL parser writes an address in its shortest hex form, an IPv4 tail included:
  // '::ffff:127.0.0.1' is '::ffff:7f00:1'.
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const [head = '', tail = ''] = canonical.split('::');
  const groups = (part: string) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const start = groups(head);
  const end = groups(tail);
  if (!canonical.includes('::')) return start;
  return [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/** The dotted IPv4 address of two 16-bit groups. */
function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

const areZero = (groups: number[]) => groups.every((group) => group === 0);

/**
 * The IPv4 addresses an IPv6 address leads to when it is one of the forms that carry one, else
 * undefined: IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, IPv4-compatible
 * `::a.b.c.d` (`::` and `::1` among them), NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:AABB:CCDD::`
 * and Teredo `2001:0:server:…:client` (its server, and its client with the bits inverted).
 */
export function embeddedIpv4(address: string): string[] | undefined {
  const g = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, , g5 = 0, g6 = 0, g7 = 0] = g;
  const tail = ipv4Of(g6, g7);
  if (areZero(g.slice(0, 5)) && g5 === 0xffff) return [tail];
  if (areZero(g.slice(0, 4)) && g[4] === 0xffff && g5 === 0) return [tail];
  if (areZero(g.slice(0, 6))) return [tail];
  if (g0 === 0x64 && g1 === 0xff9b && areZero(g.slice(2, 6))) return [tail];
  if (g0 === 0x2002) return [ipv4Of(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)];
  return undefined;
}

/** Whether an IP address is on a network a webhook must not reach (not an IP: true). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return blockedIpv4.check(bare, 'ipv4');
  if (version !== 6) return true;
  const carried = embeddedIpv4(bare);
  if (carried) return carried.some((ipv4) => blockedIpv4.check(ipv4, 'ipv4'));
  return blockedIpv6.check(bare, 'ipv6');
}

/**
 * The rules that need no network: an absolute http(s) URL, https in production, no user name
 * or password. Returns the parsed URL or the problem.
 */
export function parseWebhookUrl(
  text: string,
  options: { isProduction: boolean },
): { url: URL } | { problem: WebhookUrlProblem } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: 'webhook_url_invalid' };
  }
  const isAllowedScheme =
    url.protocol === 'https:' || (url.protocol === 'http:' && !options.isProduction);
  if (!isAllowedScheme || url.username || url.password || !url.hostname) {
    return { problem: 'webhook_url_invalid' };
  }
  // An IP literal is judged at once; a name when it is resolved.
  if (options.isProduction && isIP(hostOf(url)) && isPrivateAddress(hostOf(url))) {
    return { problem: 'webhook_url_private' };
  }
  return { url };
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** Every address a name resolves to (as the operating system resolves it for connections). */
export const lookupAll: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Whether the host of a URL reaches a private network: an IP literal is judged as it is, a name
 * by every address it resolves to (one private address is enough to refuse). A name that does
 * not resolve is not refused here: the delivery fails and checks again.
 */
export async function isPrivateHost(url: URL, lookup: Lookup = lookupAll): Promise<boolean> {
  const host = hostOf(url);
  if (isIP(host)) return isPrivateAddress(host);
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host);
  } catch {
    return false;
  }
  return addresses.some(({ address }) => isPrivateAddress(address));
}
