/**
 * The chain endpoint holders' browsers read for the proof of reserves (DESIGN 15: settings
 * `holderRpcUrl`): one the operator does not run, so the check never takes the chain's word from
 * the operator's own server. The server refuses to save one that is its own; the browser refuses
 * to read one that is, whatever the server says.
 */
import type { SolanaCluster } from './format.js';
import { msg, type CodedMessage } from './i18n/catalogue.js';

/** Each cluster's public endpoint, run by Solana: the default when no holder endpoint is set. */
export const CLUSTER_PUBLIC_RPC: Record<SolanaCluster, string> = {
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
};

/** The server's JSON-RPC relay: the operator's own server, whatever host it is reached at (its routes ignore case). */
const RPC_PROXY_PATH = '/api/rpc';

const parsed = (url: string): URL | undefined => (URL.canParse(url) ? new URL(url) : undefined);

/**
 * Why `url` may not be the holders' endpoint, or undefined when it may: an absolute http(s) URL
 * (https unless `allowHttp`, for local chains), neither the server's RPC relay (at any host) nor on
 * one of `ownHosts` (host[:port] the server answers at: its public URL's, the request's, the page's).
 */
export function holderRpcUrlRefusal(
  url: string,
  { ownHosts, allowHttp }: { ownHosts: readonly string[]; allowHttp: boolean },
): CodedMessage | undefined {
  const endpoint = parsed(url);
  if (!endpoint || !/^https?:$/.test(endpoint.protocol) || endpoint.hostname === '') return msg('holderRpcUrlInvalid');
  if (endpoint.protocol !== 'https:' && !allowHttp) return msg('holderRpcUrlNotHttps');
  // Written as the endpoint's scheme writes it (its default port left out), so ":443" is no way around.
  const own = ownHosts.some((host) => parsed(`${endpoint.protocol}//${host}`)?.host === endpoint.host);
  if (own || endpoint.pathname.replace(/\/+/g, '/').replace(/\/$/, '').toLowerCase() === RPC_PROXY_PATH)
    return msg('holderRpcUrlOwnServer');
  return undefined;
}

/** The endpoint holders read: the one saved, or the cluster's public one when none is. */
export const holderRpcEndpoint = (saved: string, cluster: SolanaCluster): string => saved || CLUSTER_PUBLIC_RPC[cluster];
