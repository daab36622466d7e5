import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import type { RpcConfigResponse, Withdrawal } from '@stakedesk/shared/api-types';
import { installedWallets, type WalletOption } from '../../features/wallet/installed-wallets.js';
import { isUserRejection } from '../../features/wallet/phantom.js';
import { adminKeys, useAdminSettings } from '../api/queries.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useAdminClient } from '../session/session.js';
import { useToast } from '../toast.js';
import { PayoutError, type PayoutOutcome } from './payout-errors.js';
import { UnverifiedPayouts } from './UnverifiedPayouts.js';

export type ConnectedWallet = { option: WalletOption; address: string };

/**
 * The staking wallet connected in the browser panel, and Pay: the chosen withdrawals paid from it
 * on chain, then completed through the same server check as a pasted TXID.
 */
export function useWalletPayout() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const { modal } = App.useApp();
  const client = useAdminClient();
  const queryClient = useQueryClient();
  const { data: settings } = useAdminSettings();
  const [wallet, setWallet] = useState<ConnectedWallet | null>(null);
  const [choices, setChoices] = useState<WalletOption[] | null>(null);
  const [paying, setPaying] = useState<ReadonlySet<number>>(new Set());
  const stakingWallet = settings?.stakingWallet ?? '';
  const cluster = settings?.solanaCluster;

  const connectWith = useCallback(
    async (option: WalletOption): Promise<ConnectedWallet | null> => {
      setChoices(null);
      try {
        const { publicKey } = await option.provider.connect();
        const connected = { option, address: publicKey.toString() };
        setWallet(connected);
        return connected;
      } catch (error) {
        toast.error(t('payout.failed'), isUserRejection(error) ? t('payout.error.rejected') : error instanceof Error ? error.message : String(error));
        return null;
      }
    },
    [t, toast],
  );

  /** Connects the only (or Phantom, listed first) wallet at once; offers the choice when there are several. */
  const connect = useCallback(
    async ({ choose }: { choose: boolean }): Promise<ConnectedWallet | null> => {
      const options = await installedWallets(() => cluster);
      if (options.length === 0) {
        toast.error(t('payout.failed'), t('payout.error.noWallet'));
        return null;
      }
      if (choose && options.length > 1) {
        setChoices(options);
        return null;
      }
      return connectWith(options[0]!);
    },
    [cluster, connectWith, t, toast],
  );

  const disconnect = useCallback(async () => {
    await wallet?.option.provider.disconnect().catch(() => undefined);
    setWallet(null);
  }, [wallet]);

  const report = useCallback(
    (outcomes: PayoutOutcome[]) => {
      const verified = outcomes.filter((outcome) => outcome.verified).length;
      if (verified > 0) toast.success(t('payout.paid', { count: verified }));
      const unverified = outcomes.filter((outcome) => !outcome.verified);
      if (unverified.length > 0) {
        modal.warning({ title: t('payout.unverifiedTitle'), width: 640, content: <UnverifiedPayouts outcomes={unverified} localize={localize} t={t} /> });
      }
    },
    [localize, modal, t, toast],
  );

  const pay = useCallback(
    async (withdrawals: Withdrawal[]) => {
      if (withdrawals.length === 0 || paying.size > 0) return;
      setPaying(new Set(withdrawals.map((w) => w.id)));
      try {
        const connected = wallet ?? (await connect({ choose: false }));
        if (!connected) return;
        if (connected.address !== stakingWallet) throw new PayoutError('notStakingWallet', { values: { wallet: connected.address, stakingWallet } });
        const { apiUrl } = await client.get<RpcConfigResponse>('/api/helius-config');
        const { payWithdrawals } = await import('./pay-withdrawals.js');
        const outcomes = await payWithdrawals({
          provider: connected.option.provider,
          stakingWallet,
          mint: settings?.tokenContract ?? '',
          withdrawals,
          rpcUrl: apiUrl,
          complete: (withdrawal, signature) =>
            client.send('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'completed', txId: signature }).then(() => undefined),
        });
        report(outcomes);
      } catch (error) {
        if (error instanceof PayoutError) {
          const message = t(`payout.error.${error.code}`, { detail: error.detail, ...error.values });
          const partly = error.outcomes.filter((outcome) => outcome.verified).length;
          toast.error(t('payout.failed'), partly > 0 ? `${message} ${t('payout.partiallyPaid', { count: partly })}` : message);
          report(error.outcomes.filter((outcome) => !outcome.verified));
        } else {
          toast.error(t('payout.failed'), localize(error instanceof Error ? error.message : String(error)));
        }
      } finally {
        setPaying(new Set());
        for (const queryKey of [adminKeys.withdrawals, adminKeys.stakes, adminKeys.stats]) void queryClient.invalidateQueries({ queryKey });
      }
    },
    [client, connect, localize, paying.size, queryClient, report, settings?.tokenContract, stakingWallet, t, toast, wallet],
  );

  return {
    wallet,
    isStakingWallet: wallet !== null && wallet.address === stakingWallet,
    choices,
    closeChoices: () => setChoices(null),
    connect,
    connectWith,
    disconnect,
    pay,
    paying,
  };
}

export type WalletPayout = ReturnType<typeof useWalletPayout>;
