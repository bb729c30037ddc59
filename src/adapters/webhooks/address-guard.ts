import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// `::/96`: the IPv4-compatible IPv6 addresses (`::127.0.0.1`, RFC 4291 §2.5.5.1, deprecated), `::` and `::1` among them.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether an address is one of the public internet: not loopback, private, link-local, carrier-grade NAT, multicast,
 * unspecified, reserved or documentation, in IPv4 or IPv6 (an IPv4-mapped IPv6 address is judged as its IPv4). Any
 * IPv6 form that embeds another address (IPv4-compatible `::a.b.c.d`, 6to4, Teredo, NAT64, IPv4-translated) is
 * refused too, whatever the address it embeds: ipaddr.js calls `::127.0.0.1` unicast, and a stack that still routes
 * it would reach the loopback.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (ipv4Compatible(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * Whether an IPv6 address is in `::/96`, however it is spelt: ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d` (judging
 * `::8.8.8.8` public and `::127.0.0.1` loopback), where the URL parser and the system read `::808:808` (and the
 * system's resolver writes that as `::8.8.8.8`). The URL parser's spelling decides.
 */
function ipv4Compatible(address: string): boolean {
  if (isIP(address) !== 6) return false;
  const host = URL.parse(`http://[${address}]/`)?.hostname;
  return host !== undefined && ipaddr.IPv6.parse(host.slice(1, -1)).match(IPV4_COMPATIBLE);
}

/**
 * Why a connection to these addresses is refused (null: it is not). The one check of a webhook's addresses: a new
 * subscription's (`webhookUrlProblem`), and every delivery's, on a literal address (`literalRefusal`) and on the
 * addresses a name resolves to at the connection (`guardedLookup`).
 */
export function refusal(addresses: readonly string[], allowPrivate: boolean): string | null {
  if (addresses.length === 0) return 'the host has no address';
  if (allowPrivate) return null;
  const refused = addresses.find((address) => !isPublicAddress(address));
  return refused === undefined ? null : `the host resolves to ${refused}, a private, loopback or otherwise non-public address`;
}

/** A refused connection: the request never leaves the process. */
export class AddressRefused extends Error {
  override readonly name = 'AddressRefused';
}

/**
 * A `lookup` for `http.request`: resolves as the system does, then refuses the connection unless every address is
 * public (or private ones are allowed). The addresses it checks are the very ones connected to, so a name that
 * resolves elsewhere between a check and the connection (DNS rebinding) cannot slip through.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...options, all: true };
    lookup(hostname, all, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = refusal(addresses.map((a) => a.address), allowPrivate);
      if (refused !== null) {
        callback(new AddressRefused(refused), '', 0);
        return;
      }
      if ((options as { all?: boolean }).all === true) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** A URL's host without the brackets of an IPv6 literal. */
function bare(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Why a connection to a URL's host is refused when the host is a literal address (null: it is not, or it is a name,
 * which `guardedLookup` checks at the connection). Node connects to a literal without a look-up: this is its check.
 */
export function literalRefusal(hostname: string, allowPrivate: boolean): string | null {
  const host = bare(hostname);
  return isIP(host) === 0 ? null : refusal([host], allowPrivate);
}

/** The addresses of a URL's host: the literal itself, or what DNS gives. */
export async function addressesOf(hostname: string): Promise<string[]> {
  const host = bare(hostname);
  if (isIP(host) !== 0) return [host];
  return new Promise((resolve, reject) => {
    lookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((a) => a.address))));
  });
}

/**
 * What is wrong with a webhook URL (null: nothing): it must be `https://` or `http://`, without a user name or
 * password, and its host must resolve only to public addresses unless private ones are allowed.
 */
export async function webhookUrlProblem(raw: string, allowPrivate: boolean): Promise<string | null> {
  const url = URL.parse(raw);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) return 'must be an https:// or http:// URL';
  if (url.username !== '' || url.password !== '') return 'must not hold a user name or password';
  if (raw.length > 2000) return 'must be at most 2000 characters long';
  let addresses: string[];
  try {
    addresses = await addressesOf(url.hostname);
  } catch {
    return `names a host that does not resolve (${url.hostname})`;
  }
  const refused = refusal(addresses, allowPrivate);
  return refused === null ? null : `is refused: ${refused}`;
}
