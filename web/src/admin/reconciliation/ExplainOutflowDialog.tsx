import type { TreasuryOutflow } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { outflowExplainSchema } from '@stakedesk/shared/schemas';
import { useAdminI18n } from '../i18n.js';
import { useExplainOutflow } from './api.js';
import { TransferNoteDialog } from './TransferNoteDialog.js';

/**
 * An owner's account of tokens that left the treasury outside the books, with a note kept in the
 * audit log. Automatic payouts may resume once nothing else is unexplained.
 */
export function ExplainOutflowDialog({
  outflow,
  amount,
  cluster,
  onClose,
}: {
  outflow: TreasuryOutflow | null;
  amount: string;
  cluster: SolanaCluster | undefined;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const explain = useExplainOutflow();
  return (
    <TransferNoteDialog
      transfer={outflow && { signature: outflow.signature, wallet: outflow.owner }}
      amount={amount}
      cluster={cluster}
      formName="explain-outflow"
      schema={outflowExplainSchema}
      words={{
        title: t('outflows.explainTitle'),
        intro: t('outflows.explainIntro'),
        tx: t('server.fieldTransaction'),
        wallet: t('outflows.wallet'),
        amount: t('server.fieldAmount'),
        note: t('server.fieldNote'),
        noteHint: t('outflows.noteHint'),
        submit: t('outflows.explainSubmit'),
        done: t('outflows.explained'),
        failed: t('outflows.explainFailed'),
      }}
      save={{
        isPending: explain.isPending,
        mutate: (note, after) => outflow && explain.mutate({ signature: outflow.signature, note }, after),
      }}
      onClose={onClose}
    />
  );
}
