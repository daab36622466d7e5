import { useCallback, useState } from 'react';
import type { Payout, RpcConfigResponse, Withdrawal } from '@stakedesk/shared/api-types';
import { installedWallets, type WalletOption } from '../../lib/wallet/installed-wallets.js';
import { isUserRejection } from '../../lib/wallet/wallet-rejection.js';
import { useAdminSettings } from '../api/queries.js';
import { useAfterChange } from '../events/invalidation.js';
import { plainOr } from '../errors/readable-error.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useAdminClient } from '../session/session.js';
import { useToast } from '../toast.js';
import { PayoutError, type PayoutOutcome } from './payout-errors.js';

export type ConnectedWallet = { option: WalletOption; address: string };

/**
 * The staking wallet connected in the browser panel, and Pay: the chosen withdrawals paid from it
 * on chain, then completed through the same server check as a pasted TXID.
 */
export function useWalletPayout() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const client = useAdminClient();
  const afterChange = useAfterChange();
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
        toast.error(t('payout.failed'), isUserRejection(error) ? t('payout.error.rejected') : localize(error));
        return null;
      }
    },
    [localize, t, toast],
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

  /** What went out: paid and confirmed, or sent with its confirmation unread (the server follows both to the end). */
  const report = useCallback(
    (outcomes: PayoutOutcome[]) => {
      const count = (confirmed: boolean) =>
        outcomes.filter((o) => o.confirmed === confirmed).reduce((sum, o) => sum + o.withdrawals.length, 0);
      if (count(true) > 0) toast.success(t('payout.paid', { count: count(true) }));
      if (count(false) > 0) toast.info(t('payout.sentUnconfirmed', { count: count(false) }));
    },
    [t, toast],
  );

  const pay = useCallback(
    async (withdrawals: Withdrawal[]) => {
      if (withdrawals.length === 0 || paying.size > 0) return;
      setPaying(new Set(withdrawals.map((w) => w.id)));
      try {
        const connected = wallet ?? (await connect({ choose: false }));
        if (!connected) return;
        if (connected.address !== stakingWallet)
          throw new PayoutError('notStakingWallet', { values: { wallet: connected.address, stakingWallet } });
        const { apiUrl } = await client.get<RpcConfigResponse>('/api/helius-config');
        const { payWithdrawals } = await import('./pay-withdrawals.js');
        const outcomes = await payWithdrawals({
          provider: connected.option.provider,
          stakingWallet,
          withdrawals,
          rpcUrl: apiUrl,
          adminToken: client.token,
          register: (items, signature, lastValidBlockHeight) =>
            client.send<Payout>('POST', '/api/admin/payouts', { withdrawalIds: items.map((w) => w.id), signature, lastValidBlockHeight }),
        });
        report(outcomes);
      } catch (error) {
        if (error instanceof PayoutError) {
          // A wallet's or the RPC's own words may carry JSON or a status code: a plain sentence replaces them.
          const detail = error.code === 'refused' ? localize(error.cause ?? error.detail) : plainOr(error.detail, t('errors.unexpected'));
          toast.error(t('payout.failed'), t(`payout.error.${error.code}`, { detail, ...error.values }));
          report(error.outcomes);
        } else {
          toast.error(t('payout.failed'), localize(error));
        }
      } finally {
        setPaying(new Set());
        afterChange({ type: 'admin.changed', entityType: 'payout' }, { type: 'admin.changed', entityType: 'withdrawal' });
      }
    },
    [afterChange, client, connect, localize, paying.size, report, stakingWallet, t, toast, wallet],
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
