import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { codedMessageOf } from '../../i18n/server-messages.js';

/** Why a reading of the staking wallet on chain did not happen: nothing to read yet, or the chain did not answer. */
export type ChainCause = 'notConfigured' | 'chainUnreachable';

/** The cause a coded reason (treasury's balanceUnavailableReason) or an error answer (reconciliation's 503) names. */
export function chainCauseOf(reason: CodedMessage | null | undefined): ChainCause {
  return reason?.code === 'stakingNotConfigured' ? 'notConfigured' : 'chainUnreachable';
}

export function chainCauseOfError(error: unknown): ChainCause {
  return chainCauseOf(codedMessageOf(error));
}
