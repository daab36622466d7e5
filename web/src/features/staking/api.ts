import { useQuery } from '@tanstack/react-query';
import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { api } from '../../lib/api-client.js';
import { useHolderChangeMutation, type HolderMutationCallbacks } from '../stale-keys.js';
import { useWallet } from '../wallet/wallet-context.js';
import { depositAndRecord } from './deposit.js';

/** Sends `amount` tokens from the signed-in wallet into plan `planId` and records the stake. */
export function useDeposit(callbacks: HolderMutationCallbacks<Stake, { planId: number; amount: string }> = {}) {
  const { address, signedInProvider } = useWallet();
  return useHolderChangeMutation(
    async ({ planId, amount }: { planId: number; amount: string }) => {
      const provider = await signedInProvider();
      return depositAndRecord({ provider, wallet: address!, planId, amount });
    },
    'stake.created',
    callbacks,
  );
}

/** Puts a complete stake's principal + reward into a new stake in plan `planId`; no tokens move. */
export function useRestake(callbacks: HolderMutationCallbacks<Stake, { originalStakeId: number; planId: number }> = {}) {
  const { address, signedInProvider } = useWallet();
  return useHolderChangeMutation(
    async ({ originalStakeId, planId }: { originalStakeId: number; planId: number }) => {
      await signedInProvider();
      return api<Stake>('/api/stakes/restake', { method: 'POST', body: { originalStakeId, planId, walletAddress: address } });
    },
    'stake.created',
    callbacks,
  );
}

/** The figures the holder was shown; the server refuses the request if its own differ. */
export type WithdrawalFigures = { stakeId: number; amount: string; finalAmount: string; penaltyAmount: string };

export function useRequestWithdrawal(callbacks: HolderMutationCallbacks<Withdrawal, WithdrawalFigures> = {}) {
  const { address, signedInProvider } = useWallet();
  return useHolderChangeMutation(
    async (figures: WithdrawalFigures) => {
      await signedInProvider();
      return api<Withdrawal>('/api/withdrawals', { method: 'POST', body: { ...figures, walletAddress: address, status: 'pending' } });
    },
    'withdrawal.requested',
    callbacks,
  );
}

/** The connected wallet's stakeable balance of the token, read through the server's RPC proxy; asked again each time a dialog opens. */
export function useStakeableBalance(wallet: string | undefined, mint: string) {
  return useQuery({
    queryKey: ['stakeableBalance', wallet, mint],
    enabled: Boolean(wallet && mint),
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      const [connection, { stakeableBalance }] = await Promise.all([
        import('../../lib/solana/holder-connection.js').then((m) => m.holderConnection()),
        import('../../lib/solana/token-balance.js'),
      ]);
      return stakeableBalance(connection, wallet!, mint);
    },
  });
}
