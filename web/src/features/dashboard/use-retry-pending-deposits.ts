import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.js';
import { recordDeposit } from '../staking/deposit.js';
import { retryPending } from '../staking/pending-deposits.js';

/** On each visit, sends the wallet's kept deposit signatures to the server again. */
export function useRetryPendingDeposits(wallet: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!wallet) return;
    const record = async (deposit: { txId: string; planId: number; amount: string; walletAddress: string }) => {
      try {
        await recordDeposit(deposit);
        return 201;
      } catch (error) {
        if (error instanceof ApiError) return error.status;
        throw error;
      }
    };
    void retryPending(localStorage, wallet, record).then(({ recorded }) => {
      if (recorded.length > 0) void queryClient.invalidateQueries({ queryKey: ['stakes'] });
    });
  }, [wallet, queryClient]);
}
