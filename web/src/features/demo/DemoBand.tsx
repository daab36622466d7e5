import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DemoTokensGiven } from '@stakedesk/shared/api-types';
import { fromRawAmount } from '@stakedesk/shared/money';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useLocalizeError } from '../../i18n/localize-error.js';
import { api } from '../../lib/api-client.js';
import { notify } from '../../lib/notify.js';
import { useWallet } from '../wallet/wallet-context.js';
import './demo.css';

/**
 * The band every page of a demo server shows (DESIGN 16): what this is (a local chain, play tokens),
 * and "Get demo tokens", which funds the connected wallet (connecting one first) from the demo's faucet.
 */
export function DemoBand({ symbol, decimals }: { symbol: string; decimals: number | null }) {
  const { t } = useI18n();
  const format = useFormat();
  const localizeError = useLocalizeError();
  const { address, connect } = useWallet();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);

  const getTokens = async () => {
    setSending(true);
    try {
      const wallet = address ?? (await connect());
      if (!wallet) return;
      const given = await api<DemoTokensGiven>('/api/demo/tokens', { method: 'POST', body: { walletAddress: wallet } });
      await queryClient.invalidateQueries({ queryKey: ['stakeableBalance'] });
      notify(
        'success',
        t('demo.tokensSent'),
        t('demo.tokensSentText', {
          amount: format.exact(fromRawAmount(BigInt(given.tokens), decimals ?? 0)),
          symbol,
          sol: format.exact(fromRawAmount(BigInt(given.lamports), 9)),
        }),
      );
    } catch (error) {
      notify('error', t('demo.tokensFailed'), localizeError(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <aside className="demo-band" aria-label={t('demo.label')}>
      <p>{t('demo.band')}</p>
      <button type="button" className="demo-band-button" disabled={sending} onClick={() => void getTokens()}>
        {sending ? t('demo.gettingTokens') : t('demo.getTokens')}
      </button>
    </aside>
  );
}
