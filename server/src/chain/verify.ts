import { unavailable, unprocessable } from '../http/errors.js';
import { ChainUnavailableError, type Verdict } from './chain-verifier.js';

/** Turns a verifier's answer into the API's: 422 when the chain disproves, 503 when it cannot be asked. */
export async function requireProof(check: () => Promise<Verdict>): Promise<void> {
  let verdict: Verdict;
  try {
    verdict = await check();
  } catch (error) {
    if (error instanceof ChainUnavailableError) {
      throw unavailable(`${error.message}. Nothing was recorded; please try again shortly.`, { retryable: true });
    }
    throw error;
  }
  if (!verdict.ok) throw unprocessable(verdict.reason);
}
