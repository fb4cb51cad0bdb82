import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * Where a webhook may point (SSRF): an http(s) URL without credentials, https only in
 * production, and in production never at an address of our own networks — loopback, private,
 * link-local, unique-local, CGNAT, unspecified, multicast or reserved. The host is resolved at
 * registration and again at every delivery (DNS can change), where the connection is made to
 * the very address that was checked.
 */

/** Why a URL is refused: not an allowed URL, or one on a private network. */
export type WebhookUrlProblem = 'webhook_url_invalid' | 'webhook_url_private';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`), if it is one. */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!match?.[1]) return undefined;
  if (isIP(match[1]) === 4) return match[1];
  // The hex form `::ffff:a00:1`.
  const groups = match[1].split(':');
  if (groups.length !== 2 || !groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) {
    return undefined;
  }
  const [high = 0, low = 0] = groups.map((group) => Number.parseInt(group, 16));
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is on a network a webhook must not reach (not an IP: true). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return blocked.check(bare, 'ipv4');
  if (version !== 6) return true;
  const v4 = mappedIpv4(bare);
  return v4 ? blocked.check(v4, 'ipv4') : blocked.check(bare, 'ipv6');
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
