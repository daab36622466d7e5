import type { CreatedDepositIntent, Stake } from '@stakedesk/shared/api-types';
import { api, ApiError } from '../../lib/api-client.js';
import type { PhantomProvider } from '../../lib/wallet/phantom.js';
import { forgetPending, outcomeOf, rememberPending, type PendingDeposit } from './pending-deposits.js';
import { TransferError, type TransferErrorCode } from '../../lib/solana/transfer-errors.js';

export type DepositInput = { provider: PhantomProvider; wallet: string; planId: number; amount: string };

/** The transfer was sent but the server could not record it yet: it is kept and asked about again. */
export class DepositNotRecordedError extends Error {
  constructor(readonly txId: string) {
    super('Deposit not recorded yet');
  }
}

/** Refusals before the wallet sent anything (the wallet declined, or was never asked): the kept intent can go, no tokens moved. */
const NOTHING_SENT: TransferErrorCode[] = ['walletNotConnected', 'rejected'];

/** POST /api/stakes with exactly its fields. */
export function recordDeposit({
  txId,
  planId,
  amount,
  walletAddress,
}: {
  txId: string;
  planId: number;
  amount: string;
  walletAddress: string;
}) {
  return api<Stake>('/api/stakes', { method: 'POST', body: { txId, planId, amount, walletAddress, status: 'active' } });
}

/**
 * DELETE /api/stakes/intents/{id}: nothing was sent, so the intent stops counting among the
 * wallet's open ones (a wallet holds a few at most). The server still records a transfer carrying
 * its reference should one land after all. Best effort: unanswered, the intent just expires.
 */
function giveBackIntent(intentId: number): void {
  void api<void>(`/api/stakes/intents/${intentId}`, { method: 'DELETE' }).catch(() => undefined);
}

/**
 * A stake deposit, so that tokens that leave the wallet are recorded exactly once whatever
 * happens to the page: the server keeps the terms and a reference first (refusing here, before
 * anything is signed, a deposit it would not take or whose transfer could not succeed) and builds
 * the transfer carrying that reference; the deposit is kept locally from then on, the wallet signs
 * and sends exactly the server's transaction, and the server is asked to record it. If the page
 * closes after the wallet sends, the server finds the transfer by its reference anyway.
 */
export async function depositAndRecord({ provider, wallet, planId, amount }: DepositInput): Promise<Stake> {
  const intent = await api<CreatedDepositIntent>('/api/stakes/intents', {
    method: 'POST',
    body: { planId, amount, walletAddress: wallet },
  });
  const kept: PendingDeposit = {
    intentId: intent.id,
    reference: intent.reference,
    expiresAt: intent.expiresAt,
    planId,
    amount,
    walletAddress: wallet,
  };
  rememberPending(localStorage, kept);

  const [connection, { signAndSendServerTransaction }] = await Promise.all([
    import('../../lib/solana/holder-connection.js').then((module) => module.holderConnection()),
    import('../../lib/solana/token-transfer.js'),
  ]);
  let txId: string | undefined;
  try {
    txId = await signAndSendServerTransaction({
      connection,
      wallet: provider,
      transaction: intent.transaction,
      lastValidBlockHeight: intent.lastValidBlockHeight,
      onSent: (signature) => {
        txId = signature;
        rememberPending(localStorage, { ...kept, txId: signature });
      },
    });
  } catch (error) {
    // Failed on chain: it landed and moved nothing. Not confirmed in time: it may still land, so it stays kept.
    const nothingSent = error instanceof TransferError && !txId && NOTHING_SENT.includes(error.code);
    const settled = nothingSent || (error instanceof TransferError && error.code === 'failedOnChain');
    if (settled) forgetPending(localStorage, kept);
    if (nothingSent) giveBackIntent(intent.id);
    if (txId && !settled) throw new DepositNotRecordedError(txId);
    throw error;
  }

  const sent = { ...kept, txId };
  try {
    const stake = await recordDeposit({ txId, planId, amount, walletAddress: wallet });
    forgetPending(localStorage, sent);
    return stake;
  } catch (error) {
    if (error instanceof ApiError && outcomeOf(error.status) === 'refused') {
      forgetPending(localStorage, sent);
      throw error;
    }
    throw new DepositNotRecordedError(txId);
  }
}
