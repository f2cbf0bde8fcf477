import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** The headers a proxy sets; from anyone else they are dropped before the site sees them. */
const FORWARDED_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
  'forwarded',
] as const;

export interface TrustedProxies {
  /** True for an address listed in TRUST_PROXY (an address or a CIDR range). */
  trusts(address: string | undefined): boolean;
}

/** `::ffff:127.0.0.2` is the IPv4 address 127.0.0.2 as an IPv6 socket reports it. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

function addEntry(list: BlockList, entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (bits === undefined) {
    list.addAddress(address, type);
    return true;
  }
  const prefix = Number(bits);
  if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(address, prefix, type);
  return true;
}

/** The entries of a TRUST_PROXY list that are neither an address nor a CIDR range. */
export function invalidTrustProxyEntries(entries: readonly string[]): string[] {
  const scratch = new BlockList();
  return entries.filter((entry) => !addEntry(scratch, entry));
}

export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) addEntry(list, entry);
  return {
    trusts(address) {
      if (!address || entries.length === 0) return false;
      const plain = plainAddress(address);
      const family = isIP(plain);
      if (family === 0) return false;
      return list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).split(',')[0]?.trim().toLowerCase();

/**
 * Leaves the request's forwarded headers as the site may believe them. From a trusted proxy:
 * `x-forwarded-for` becomes the one client address (the right-most hop that is not itself a
 * trusted proxy) and `x-forwarded-proto` is http or https. From anyone else every forwarded
 * header is removed, so a client cannot pick its rate-limit bucket or claim https.
 */
export function settleForwardedHeaders(req: IncomingMessage, proxies: TrustedProxies): void {
  const peer = req.socket.remoteAddress;
  const forwardedFor = req.headers['x-forwarded-for'];
  const proto = first(req.headers['x-forwarded-proto']);
  for (const name of FORWARDED_HEADERS) delete req.headers[name];
  if (!proxies.trusts(peer)) return;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((hop) => plainAddress(hop.trim()))
    .filter((hop) => hop !== '');
  let client: string | undefined;
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    client = hops[index];
    if (!proxies.trusts(client)) break;
  }
  if (client && isIP(client) !== 0) req.headers['x-forwarded-for'] = client;
  if (proto === 'https' || proto === 'http') req.headers['x-forwarded-proto'] = proto;
}
