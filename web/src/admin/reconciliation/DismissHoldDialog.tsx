import type { AuditPayoutHold } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { auditHoldDismissSchema } from '@stakedesk/shared/schemas';
import { useAdminI18n } from '../i18n.js';
import { useDismissHold } from './api.js';
import { TransferNoteDialog } from './TransferNoteDialog.js';

/**
 * An owner dismisses a hold the audit put on a payout found on chain (DESIGN 19), with a note kept
 * in the audit log: the holder's withdrawals are an operator's to pay or reject again.
 */
export function DismissHoldDialog({
  hold,
  amount,
  cluster,
  onClose,
}: {
  hold: AuditPayoutHold | null;
  amount: string;
  cluster: SolanaCluster | undefined;
  onClose: () => void;
}) {
  const { t } = useAdminI18n();
  const dismiss = useDismissHold();
  return (
    <TransferNoteDialog
      transfer={hold}
      amount={amount}
      cluster={cluster}
      formName="dismiss-hold"
      schema={auditHoldDismissSchema}
      words={{
        title: t('audits.dismissTitle'),
        intro: t('audits.dismissIntro'),
        tx: t('server.fieldTransaction'),
        wallet: t('audits.holdWallet'),
        amount: t('server.fieldAmount'),
        note: t('server.fieldNote'),
        noteHint: t('audits.dismissNoteHint'),
        submit: t('audits.dismissSubmit'),
        done: t('audits.dismissed'),
        failed: t('audits.dismissFailed'),
      }}
      save={{ isPending: dismiss.isPending, mutate: (note, after) => hold && dismiss.mutate({ id: hold.id, note }, after) }}
      danger
      onClose={onClose}
    />
  );
}
