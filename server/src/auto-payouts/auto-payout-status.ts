import type { Sequelize } from 'sequelize';
import type { AutoPayoutStatus } from '@stakedesk/shared/api-types';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { paidAutomaticallySince } from '../payouts/index.js';
import { readAutoPayoutState } from './auto-payout-state.js';
import { loadSettings } from '../settings/index.js';

export async function autoPayoutStatus(db: Sequelize, signer: PayoutSigner | null): Promise<AutoPayoutStatus> {
  const [settings, state, paidLast24h] = await Promise.all([loadSettings(db), readAutoPayoutState(db), paidAutomaticallySince(db, 24)]);
  const policy = settings.autoPayout;
  return {
    hotWallet: signer?.publicKey.toBase58() ?? null,
    signer: signer?.description ?? null,
    policy,
    running: policy.enabled && signer !== null && state.stoppedBy.length === 0,
    stoppedBy: policy.enabled ? state.stoppedBy : [],
    hotBalance: state.hotBalance,
    paidLast24h,
    checkedAt: state.checkedAt?.toISOString() ?? null,
  };
}
