import { explorerTxUrl, type SolanaCluster } from '@stakedesk/shared/format';
import { shortenTxId } from '@stakedesk/shared/shorten';

/** The snapshot's anchor transaction on the explorer, shortened like the dashboard's other transaction links. */
export function AnchorLink({ signature, cluster }: { signature: string; cluster: SolanaCluster }) {
  return (
    <a href={explorerTxUrl(signature, cluster)} target="_blank" rel="noopener noreferrer" title={signature}>
      {shortenTxId(signature)}
    </a>
  );
}
