import type { RpcConfigResponse } from '@stakedesk/shared/api-types';
import { CHAIN_COMMITMENT, PUBLIC_MAINNET_RPC_URL } from '@stakedesk/shared/constants';
import { api } from '../api-client.js';

/** A chain connection through the server's RPC proxy (the public endpoint if the server names none); loads web3.js on first use. */
export async function holderConnection() {
  await import('./buffer-global.js');
  const { Connection } = await import('@solana/web3.js');
  const { apiUrl } = await api<RpcConfigResponse>('/api/helius-config').catch(() => ({ apiUrl: PUBLIC_MAINNET_RPC_URL }));
  // The server may name its proxy by path alone (/api/rpc); web3.js takes only an absolute URL.
  return new Connection(new URL(apiUrl, window.location.origin).href, CHAIN_COMMITMENT);
}
