/** Where deposits go: the token's mint and the operator's staking wallet. */
export type StakingDestination = { mint: string; stakingWallet: string };

type ConfiguredFields = { tokenContract?: string | null; stakingWallet?: string | null };

/**
 * Staking is open once the operator has set both the token's mint and the staking wallet; until
 * then the server refuses deposits and the holder pages offer no stake button. Undefined while closed.
 */
export function stakingDestination(settings: ConfiguredFields): StakingDestination | undefined {
  const { tokenContract, stakingWallet } = settings;
  return tokenContract && stakingWallet ? { mint: tokenContract, stakingWallet } : undefined;
}
