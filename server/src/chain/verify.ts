import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { unavailable, unprocessable, type AppError } from '../errors.js';
import { chainReason, ChainUnavailableError, type Verdict } from './chain.js';

const retryLater = (reason: CodedMessage | string): AppError =>
  unavailable(msg('notRecordedRetry', { reason: chainReason(reason) }), { retryable: true });

/** The chain does not know the transaction (yet): never a final answer for tokens that may have moved. */
export const notYetOnChain = () => retryLater(msg('txNotFoundOnChain'));

/** Asks the chain; an unreachable or hanging one is 503 `retryable`. */
export async function askChain<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw retryLater(error.reason);
    throw error;
  }
}

/**
 * Turns a verifier's answer into the API's: 422 when the chain disproves, 503 `retryable` when it
 * cannot be asked or does not know the transaction yet.
 */
export async function requireProof(check: () => Promise<Verdict>): Promise<void> {
  const verdict = await askChain(check);
  if (verdict.ok) return;
  if (verdict.retryable) throw retryLater(verdict.reason);
  throw unprocessable(chainReason(verdict.reason));
}
