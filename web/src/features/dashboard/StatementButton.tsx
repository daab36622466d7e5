import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useLocalizeError } from '../../i18n/localize-error.js';
import { notify } from '../../lib/notify.js';
import { fetchWholeLists } from './api.js';
import { statementCsv, statementFileName } from './statement.js';

/** Saves the holder's statement: every stake and withdrawal (public data), read only when asked for. */
export function StatementButton({ wallet, hasRecords }: { wallet: string; hasRecords: boolean }) {
  const { t } = useI18n();
  const localizeError = useLocalizeError();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { stakes, withdrawals } = await fetchWholeLists(wallet);
      const url = URL.createObjectURL(new Blob([statementCsv(stakes, withdrawals)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = statementFileName(wallet);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      notify('error', t('dashboard.downloadStatement'), localizeError(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button" onClick={() => void download()} disabled={!hasRecords || busy}>
      {t('dashboard.downloadStatement')}
    </button>
  );
}
