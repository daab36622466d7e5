import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { useI18n } from '../../i18n/i18n.js';
import { statementCsv, statementFileName } from './statement.js';

/** Saves the holder's statement, built from what the dashboard already shows (public data, no extra call). */
export function StatementButton({ wallet, stakes, withdrawals }: { wallet: string; stakes: Stake[]; withdrawals: Withdrawal[] }) {
  const { t } = useI18n();
  function download() {
    const url = URL.createObjectURL(new Blob([statementCsv(stakes, withdrawals)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = statementFileName(wallet);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return (
    <button type="button" className="button" onClick={download} disabled={stakes.length === 0 && withdrawals.length === 0}>
      {t('dashboard.downloadStatement')}
    </button>
  );
}
