import { MESSAGES } from '@stakedesk/shared/messages';
import { ChainUnavailableError, type ChainVerifier } from './chain-verifier.js';

/**
 * Stands in until an on-chain verifier is wired: it proves nothing, so it accepts nothing.
 * Deposits and payouts answer 503 and nothing is recorded.
 */
export const unconfiguredVerifier: ChainVerifier = {
  async verifyDeposit() {
    throw new ChainUnavailableError(MESSAGES.chainVerificationNotConfigured);
  },
  async verifyPayout() {
    throw new ChainUnavailableError(MESSAGES.chainVerificationNotConfigured);
  },
};
