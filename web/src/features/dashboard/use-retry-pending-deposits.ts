import { useEffect } from 'react';
import { useAfterHolderChange } from '../stale-keys.js';
import type { DepositIntent } from '@stakedesk/shared/api-types';
import { api, ApiError } from '../../lib/api-client.js';
import { recordDeposit } from '../staking/deposit.js';
import { retryPending, type IntentState } from '../staking/pending-deposits.js';

/** The status of an answer, or of its refusal. */
async function statusOf<T>(call: () => Promise<T>): Promise<{ status: number; body?: T }> {
  try {
    return { status: 200, body: await call() };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status };
    throw error;
  }
}

/**
 * On each visit, asks the server about the wallet's kept deposits: posts those whose signature is
 * known, asks about intents whose signature the page never learned. Without the wallet's session
 * (401) they stay kept; the server records an intent's transfer by its reference meanwhile.
 */
export function useRetryPendingDeposits(wallet: string | undefined) {
  const afterChange = useAfterHolderChange();
  useEffect(() => {
    if (!wallet) return;
    const ask = {
      record: async (deposit: { txId: string; planId: number; amount: string; walletAddress: string }) =>
        (await statusOf(() => recordDeposit(deposit))).status,
      intent: async (id: number): Promise<IntentState> => {
        const { status, body } = await statusOf(() => api<DepositIntent>(`/api/stakes/intents/${id}`));
        return { status, stakeId: body?.stakeId ?? null };
      },
    };
    void retryPending(localStorage, wallet, ask).then(({ recorded }) => {
      if (recorded.length > 0) void afterChange('stake.created');
    });
  }, [wallet, afterChange]);
}
