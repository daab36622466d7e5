import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { MESSAGES } from '@stakedesk/shared/messages';
import { isPublicAddress } from './public-address.js';
import { checkPublicHost, systemResolve, type ResolveHost } from './public-host.js';

/** A connection to the RPC provider was refused before it was made: the host is not public (now). */
export class RefusedAddressError extends Error {
  constructor() {
    super(MESSAGES.rpcProviderRefused);
  }
}

/**
 * Resolves as a connection would and hands over only public addresses. net.connect does not call
 * `lookup` for an IP literal, so the connector checks those itself.
 */
function publicOnlyConnector(resolve: ResolveHost): buildConnector.connector {
  const lookup: LookupFunction = (hostname, options, callback) => {
    checkPublicHost(hostname, resolve).then(
      (verdict) => {
        if (!verdict.ok) return callback(new RefusedAddressError(), '', 0);
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = verdict.addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((a) => !family || a.family === family);
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`No IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };
  const connect = buildConnector({ lookup });
  return (options, callback) => {
    if (isIP(options.hostname) && !isPublicAddress(options.hostname)) callback(new RefusedAddressError(), null);
    else connect(options, callback);
  };
}

export type UpstreamFetchOptions = {
  /** SOLANA_RPC_URL: set by whoever runs the server, so trusted wherever it points (requests to exactly this URL). */
  trustedUrl: string;
  /** ALLOW_PRIVATE_RPC: every URL is trusted (local validators, tests). */
  allowPrivate: boolean;
  resolve?: ResolveHost;
};

const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
};

/**
 * The one way the server talks to an RPC upstream (the proxy and the verifier both use it).
 * A request to SOLANA_RPC_URL goes as is; any other URL (the provider URL an admin saved) is
 * connected to only at a public address, checked on every connection since DNS may answer
 * differently than when the URL was saved, and may not redirect elsewhere. A refused
 * connection rejects like an unreachable host, and nothing is sent.
 */
export function createUpstreamFetch({ trustedUrl, allowPrivate, resolve = systemResolve }: UpstreamFetchOptions): typeof fetch {
  const publicOnly = new Agent({ connect: publicOnlyConnector(resolve) });
  const upstreamFetch = async (input: string | URL | Request, init?: RequestInit) => {
    if (typeof input !== 'string' && !(input instanceof URL))
      throw new TypeError('The upstream fetch takes a URL and its init, not a Request');
    const url = String(input);
    const options = init as UndiciRequestInit | undefined;
    if (allowPrivate || sameUrl(url, trustedUrl)) return undiciFetch(url, options);
    return undiciFetch(url, { ...options, dispatcher: publicOnly, redirect: 'error' });
  };
  return upstreamFetch as unknown as typeof fetch;
}
