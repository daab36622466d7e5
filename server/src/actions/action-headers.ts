import { BLOCKCHAIN_IDS, createActionHeaders } from '@solana/actions';
import type { SolanaCluster } from '@stakedesk/shared/format';

/**
 * The Actions spec version these answers follow (@solana/actions-spec 2.4). Blink clients refuse an
 * Action newer than they know, so it is written here, not read from whatever version npm installed.
 */
export const ACTION_VERSION = '2.4';

/** The CAIP-2 id of each cluster: `solana:` and its genesis hash (truncated to 32 characters, as CAIP-2 does). */
const BLOCKCHAIN_ID: Record<SolanaCluster, string> = {
  'mainnet-beta': BLOCKCHAIN_IDS.mainnet,
  devnet: BLOCKCHAIN_IDS.devnet,
  testnet: BLOCKCHAIN_IDS.testnet,
};

/**
 * What every Actions answer and OPTIONS carries: @solana/actions' ACTIONS_CORS_HEADERS (any origin;
 * GET, POST, PUT, OPTIONS; its allowed and exposed headers), X-Action-Version and X-Blockchain-Ids.
 */
export function actionHeaders(cluster: SolanaCluster): Record<string, string> {
  return {
    ...createActionHeaders({ chainId: BLOCKCHAIN_ID[cluster], actionVersion: ACTION_VERSION }),
    // Helmet's same-origin default would stop a blink client's page from showing the icon.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
}
