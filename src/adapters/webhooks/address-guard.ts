import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an address is one of the public internet: not loopback, private, link-local, carrier-grade NAT, multicast,
 * unspecified, reserved or documentation, in IPv4 or IPv6 (an IPv4-mapped IPv6 address is judged as its IPv4). Any
 * IPv6 form that embeds another address (6to4, Teredo, NAT64) is refused too.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Why a connection to these addresses is refused (null: it is not). */
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

/** The addresses of a URL's host: the literal itself, or what DNS gives. */
export async function addressesOf(hostname: string): Promise<string[]> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
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
