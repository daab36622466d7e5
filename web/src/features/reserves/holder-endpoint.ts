import type { PublicSettings } from '@stakedesk/shared/api-types';
import { CLUSTER_PUBLIC_RPC, holderRpcUrlRefusal } from '@stakedesk/shared/holder-rpc';
import { jsonRpcAt, type JsonRpc } from '@stakedesk/shared/reserves/json-rpc';

/**
 * The chain endpoint this browser reads the proof of reserves from (DESIGN 15): the settings'
 * holderRpcUrl, unless it is this very site or its /api/rpc relay (the operator's own server,
 * whatever it says): then the cluster's public endpoint. http is left to the browser, which
 * refuses it from an https page.
 */
export function holderEndpoint(settings: Pick<PublicSettings, 'holderRpcUrl' | 'solanaCluster'>, pageHost: string): string {
  const refused = holderRpcUrlRefusal(settings.holderRpcUrl, { ownHosts: [pageHost], allowHttp: true });
  return refused ? CLUSTER_PUBLIC_RPC[settings.solanaCluster] : settings.holderRpcUrl;
}

/** What the dashboard names so the holder can judge the endpoint: its host, never a path or key. */
export const endpointHost = (url: string): string => new URL(url).host;

/**
 * JSON-RPC straight to the endpoint with the browser's fetch: no cookie, no referrer (the
 * dashboard's address names the wallet), never the operator's API client.
 */
export const holderRpc = (url: string): JsonRpc =>
  jsonRpcAt(url, (target, init) => fetch(target, { ...init, credentials: 'omit', referrerPolicy: 'no-referrer' }));
