import type { ScanIntent, ScanIntentStatus } from '@stakedesk/shared/api-types';
import { compareDecimal } from '@stakedesk/shared/decimal';

/** How often the dialog asks whether the scanned code was paid: the server finds the transfer within seconds. */
export const SCAN_POLL_MS = 3000;

/**
 * What the scan-to-stake panel shows. The server alone says a code expired or was paid: a
 * transfer sent just before the expiry may be recorded a moment after it, and the browser's clock
 * may be wrong, so the page never declares a code expired by itself.
 */
export type ScanView = { kind: 'waiting' } | { kind: 'recorded'; wallet: string | null } | { kind: 'expired' };

/** The panel's state from the latest answer of GET /api/stakes/intents/{id} (none yet: waiting). */
export function scanView(status: ScanIntentStatus | undefined): ScanView {
  switch (status?.status) {
    case 'recorded':
      return { kind: 'recorded', wallet: status.walletAddress };
    case 'expired':
      return { kind: 'expired' };
    default:
      return { kind: 'waiting' };
  }
}

/** react-query's refetchInterval: ask again while the code is open (or not answered yet), stop once it is settled. */
export function scanPollInterval(status: ScanIntentStatus | undefined): number | false {
  return scanView(status).kind === 'waiting' ? SCAN_POLL_MS : false;
}

/** What the paying wallet must send: the stake, plus the token's transfer fee when it has one. */
export function scanSendFigures(intent: Pick<ScanIntent, 'sendAmount' | 'feeAmount'>, stake: string) {
  const fee = compareDecimal(intent.feeAmount, '0') > 0 ? intent.feeAmount : undefined;
  return { send: intent.sendAmount, stake, fee };
}
