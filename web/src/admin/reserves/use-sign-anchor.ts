import { useCallback, useState } from 'react';
import type { AdminReservesSnapshot, PreparedReservesAnchor } from '@stakedesk/shared/api-types';
import { installedWallets } from '../../lib/wallet/installed-wallets.js';
import { isUserRejection } from '../../lib/wallet/wallet-rejection.js';
import { useAdminSettings } from '../core/queries/queries.js';
import { plainOr } from '../readable-error.js';
import { useAfterChange } from '../core/events/invalidation.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useAdminClient } from '../core/session/session.js';
import { useToast } from '../toast.js';
import { RESERVES_CHANGED } from './api.js';
import { AnchorWalletError } from './anchor-wallet-error.js';

/**
 * "Sign anchor" (owner, no signer configured): the server prepares the snapshot's anchor, the
 * staking wallet connected in the browser signs it unchanged, and the server checks it, sends it
 * and records it when it lands. The panel never builds or sends the transaction.
 */
export function useSignAnchor() {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();
  const client = useAdminClient();
  const afterChange = useAfterChange();
  const { data: settings } = useAdminSettings();
  const [signing, setSigning] = useState<number | null>(null);

  const fail = useCallback(
    (error: unknown) => {
      const text =
        error instanceof AnchorWalletError
          ? t(`reserves.error.${error.code}`, { detail: plainOr(error.detail, t('errors.unexpected')) })
          : isUserRejection(error)
            ? t('reserves.error.rejected')
            : localize(error);
      toast.error(t('reserves.anchorFailed'), text);
    },
    [localize, t, toast],
  );

  const sign = useCallback(
    async (snapshot: AdminReservesSnapshot) => {
      if (signing !== null) return;
      setSigning(snapshot.id);
      try {
        const [option] = await installedWallets(() => settings?.solanaCluster);
        if (!option) {
          toast.error(t('reserves.anchorFailed'), t('reserves.error.noWallet'));
          return;
        }
        const { publicKey } = await option.provider.connect();
        const stakingWallet = settings?.stakingWallet ?? '';
        if (publicKey.toString() !== stakingWallet) {
          toast.error(t('reserves.anchorFailed'), t('reserves.error.notStakingWallet', { wallet: publicKey.toString(), stakingWallet }));
          return;
        }
        const path = `/api/admin/reserves/snapshots/${snapshot.id}/anchor`;
        const prepared = await client.send<PreparedReservesAnchor>('POST', `${path}/prepare`);
        const { signAndSubmitAnchor } = await import('./sign-anchor.js');
        const anchored = await signAndSubmitAnchor(option.provider, prepared, (transaction) =>
          client.send<AdminReservesSnapshot>('POST', `${path}/submit`, { transaction }),
        );
        if (anchored.anchorSignature) toast.success(t('reserves.anchored'), t('reserves.anchoredText', { id: snapshot.id }));
        else toast.info(t('reserves.anchorSent'), t('reserves.anchorSentText', { id: snapshot.id }));
      } catch (error) {
        fail(error);
      } finally {
        afterChange(...RESERVES_CHANGED);
        setSigning(null);
      }
    },
    [afterChange, client, fail, settings, signing, t, toast],
  );

  return { sign, signing };
}
