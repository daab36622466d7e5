import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressKind, type AddressKind } from './public-address.js';

/** Every address a host name stands for (injectable, so a test can play a DNS that changes its answer). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** The system resolver, as a connection would use it (/etc/hosts included). */
export const systemResolve: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address }) => address);

export type HostVerdict =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: 'unresolvable' }
  | { ok: false; reason: 'not-public'; address: string; kind: AddressKind };

/**
 * Whether a host (a name, or an IP literal with or without brackets) is public: a name must
 * resolve, and to public addresses only. One internal address among public ones refuses it,
 * since a connection may pick any of them.
 */
export async function checkPublicHost(host: string, resolve: ResolveHost): Promise<HostVerdict> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = await resolve(bare);
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
    if (addresses.length === 0) return { ok: false, reason: 'unresolvable' };
  }
  for (const address of addresses) {
    const kind = addressKind(address);
    if (kind !== 'public') return { ok: false, reason: 'not-public', address, kind };
  }
  return { ok: true, addresses };
}
