import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { Config } from '../config.js';
import { checkPublicHost, systemResolve, type ResolveHost } from './public-host.js';
import { createUpstreamFetch } from './upstream-fetch.js';

/** How the server reaches RPC upstreams, and which provider URL an admin may save (see SECURITY.md). */
export type RpcUpstream = {
  /** For every request to an upstream: the proxy's and the verifier's. */
  fetch: typeof fetch;
  /** Why this provider URL may not be saved, or undefined when it may. */
  refuseProviderUrl(url: string): Promise<CodedMessage | undefined>;
};

export function createRpcUpstream(
  { solanaRpcUrl, allowPrivateRpc }: Pick<Config, 'solanaRpcUrl' | 'allowPrivateRpc'>,
  resolve: ResolveHost = systemResolve,
): RpcUpstream {
  return {
    fetch: createUpstreamFetch({ trustedUrl: solanaRpcUrl, allowPrivate: allowPrivateRpc, resolve }),
    async refuseProviderUrl(url) {
      if (allowPrivateRpc) return undefined;
      const verdict = await checkPublicHost(new URL(url).hostname, resolve);
      if (verdict.ok) return undefined;
      return verdict.reason === 'unresolvable' ? msg('rpcUrlUnresolvable') : msg('rpcUrlNotPublic');
    },
  };
}
