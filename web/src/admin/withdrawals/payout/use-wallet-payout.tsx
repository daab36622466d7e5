import { useCallback, useRef, useState } from 'react';
import type { Payout, PreparedPayout, Withdrawal } from '@stakedesk/shared/api-types';
import { installedWallets } from '../../../lib/wallet/installed-wallets.js';
import { offerDemoWallet } from '../../../lib/wallet/offer-demo-wallet.js';
import type { WalletOption } from '../../../lib/wallet/phantom.js';
import { isUserRejection } from '../../../lib/wallet/wallet-rejection.js';
import { useAdminSettings } from '../../core/queries/queries.js';
import { plainOr } from '../../readable-error.js';
import { useAfterChange } from '../../core/events/invalidation.js';
import type { AdminChange } from '../../core/events/stale-keys.js';
import { useAdminI18n, useLocalizeMessage } from '../../i18n.js';
import { useAdminClient } from '../../core/session/session.js';
import { useToast } from '../../toast.js';
import { PayoutError } from './payout-errors.js';
import { payInPayouts } from './payout-flow.js';

export type ConnectedWallet = { option: WalletOption; address: string };

/** The payout the review dialog shows: what the server prepared, before the wallet signs it. */
export type PayoutReview = {
  prepared: PreparedPayout;
  withdrawals: Withdrawal[];
  signing: boolean;
  /** Why the last signing attempt did not send it, in the reader's language; it can be signed again. */
  error: string | null;
};

const PAYOUT_CHANGED: AdminChange[] = [
  { type: 'admin.changed', entityType: 'payout' },
  { type: 'admin.changed', entityType: 'withdrawal' },
];

/** The wallet may have sent it: the server finds it on chain by itself, so the operator must not pay again. */
const mayHaveSent = (error: unknown) => error instanceof PayoutError && (error.code === 'sentNotFound' || error.code === 'noSignature');

/**
 * The staking wallet connected in the browser panel, and Pay: the server prepares each payout, the
 * operator reviews it, the wallet signs it unchanged and the server checks and sends it. The panel
 * never builds, changes or sends a payout transaction itself.
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
  const [review, setReview] = useState<PayoutReview | null>(null);
  // Set at once, unlike `paying`: a second Pay before the next render (a double click) must not start a second flow.
  const payInFlight = useRef(false);
  // The open review: its wallet, and how the flow waiting on it hears the outcome.
  const reviewing = useRef<{ wallet: ConnectedWallet; settle: (sent: Payout | null) => void } | null>(null);
  const stakingWallet = settings?.stakingWallet ?? '';
  const cluster = settings?.solanaCluster;

  const messageOf = useCallback(
    (error: unknown) =>
      error instanceof PayoutError
        ? t(`payout.error.${error.code}`, { detail: plainOr(error.detail, t('errors.unexpected')), ...error.values })
        : localize(error),
    [localize, t],
  );

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
      // On a demo server the panel's demo wallet holds the staking wallet (DESIGN 16).
      await offerDemoWallet(settings?.demo, 'stakingWallet');
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
    [cluster, connectWith, settings?.demo, t, toast],
  );

  const disconnect = useCallback(async () => {
    await wallet?.option.provider.disconnect().catch(() => undefined);
    setWallet(null);
  }, [wallet]);

  /** Ends the open review: the flow goes on to the next payout (sent) or stops (null). */
  const endReview = useCallback((sent: Payout | null) => {
    const open = reviewing.current;
    reviewing.current = null;
    setReview(null);
    open?.settle(sent);
  }, []);

  /** "Sign with wallet": the wallet signs the prepared transaction, the server checks it and sends it. */
  const signReviewed = useCallback(async () => {
    const open = reviewing.current;
    if (!open || !review || review.signing) return;
    setReview({ ...review, signing: true, error: null });
    try {
      const { signAndPostPayout } = await import('./sign-payout.js');
      const sent = await signAndPostPayout({
        provider: open.wallet.option.provider,
        prepared: review.prepared,
        post: (copy) => client.send<Payout>('POST', `/api/admin/payouts/${review.prepared.id}/signed`, copy),
      });
      toast.success(t('payout.sent'), t('payout.sentText', { id: sent.id, count: sent.withdrawalIds.length }));
      afterChange(...PAYOUT_CHANGED);
      endReview(sent);
    } catch (error) {
      if (mayHaveSent(error)) {
        toast.warning(t('payout.maybeSent'), messageOf(error));
        afterChange(...PAYOUT_CHANGED);
        endReview(null);
        return;
      }
      // Nothing was sent and the payout is still prepared: the dialog stays open to sign it again.
      setReview((current) => current && { ...current, signing: false, error: messageOf(error) });
    }
  }, [afterChange, client, endReview, messageOf, review, t, toast]);

  /** "Close without signing": nothing is sent; the payout holds its withdrawals until it expires. */
  const closeReview = useCallback(() => {
    if (!review || review.signing) return;
    toast.info(t('payout.notSigned'), t('payout.notSignedText', { id: review.prepared.id }));
    endReview(null);
  }, [endReview, review, t, toast]);

  const pay = useCallback(
    async (withdrawals: Withdrawal[]) => {
      if (withdrawals.length === 0 || payInFlight.current) return;
      payInFlight.current = true;
      setPaying(new Set(withdrawals.map((w) => w.id)));
      try {
        const connected = wallet ?? (await connect({ choose: false }));
        if (!connected) return;
        // The payer is the staking wallet each withdrawal's deposit went to (the server refuses any other).
        const owedElsewhere = withdrawals.find((w) => w.stakingWallet !== connected.address);
        if (owedElsewhere)
          throw new PayoutError('notStakingWallet', { values: { wallet: connected.address, stakingWallet: owedElsewhere.stakingWallet } });
        await payInPayouts(withdrawals, {
          prepare: async (batch) => {
            const prepared = await client.send<PreparedPayout>('POST', '/api/admin/payouts', { withdrawalIds: batch.map((w) => w.id) });
            afterChange(...PAYOUT_CHANGED);
            return prepared;
          },
          review: (prepared, batch) =>
            new Promise<Payout | null>((settle) => {
              reviewing.current = { wallet: connected, settle };
              setReview({ prepared, withdrawals: batch, signing: false, error: null });
            }),
        });
      } catch (error) {
        // A refusal to prepare is the server's, in its words; the rest is the panel's or the wallet's.
        toast.error(error instanceof PayoutError ? t('payout.failed') : t('payout.notPrepared'), messageOf(error));
      } finally {
        payInFlight.current = false;
        setPaying(new Set());
      }
    },
    [afterChange, client, connect, messageOf, t, toast, wallet],
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
    review,
    signReviewed,
    closeReview,
  };
}

export type WalletPayout = ReturnType<typeof useWalletPayout>;
