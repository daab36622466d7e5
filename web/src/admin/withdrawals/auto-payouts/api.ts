import type { AdminSettings } from '@stakedesk/shared/api-types';

/**
 * The settings PUT body that changes only the automatic payout policy: the token and wallet fields
 * the schema requires go as saved, every other field is absent (kept as stored).
 */
export function withPolicy<T>(settings: AdminSettings, autoPayout: T) {
  const { tokenName, tokenSymbol, tokenContract, stakingWallet } = settings;
  return { tokenName, tokenSymbol, tokenContract, stakingWallet, autoPayout };
}
