import { WEBHOOK_EVENTS } from '@stakedesk/shared/webhooks';

/**
 * What operators are told about (DESIGN 13), with the facts each event carries. `webhook.test` is
 * the panel's "send test" button.
 */
export type AlertEventData = {
  'withdrawal.requested': { withdrawalId: number; wallet: string; amount: string; symbol: string };
  'withdrawal.overdue': { withdrawalId: number; wallet: string; amount: string; symbol: string; hours: number };
  'payout.completed': { payoutId: number; signature: string; withdrawals: number };
  'payout.failed': { payoutId: number; reason: string };
  'payout.needs_review': { payoutId: number; reason: string };
  'treasury.uncovered': { balance: string; liabilities: string; symbol: string };
  'hot_wallet.low': { wallet: string; balance: string; minimum: string; symbol: string };
  /** With changeRequestId: asked for, waiting for another owner's approval (DESIGN 17), or approved and waiting for its time. */
  'settings.step_up_change': { fields: string; username: string; changeRequestId?: number };
  'login.throttled': { username: string };
  /** A holder's browser could not verify their proof of reserves: the first report of a snapshot. */
  'reserves.check_failed': { snapshotId: number; wallet: string; code: string; reason: string };
  /**
   * More transactions listed a followed token account than one round of deposit detection reads:
   * the older ones are read by the next rounds (none is skipped). Once per episode, until caught up.
   */
  'deposits.behind': { account: string; owner: string; transactions: number };
  /** Tokens left a wallet the server pays from and nothing explained it within the grace period: automatic payouts stay stopped. */
  'treasury.unexplained_outflow': {
    signature: string;
    account: string;
    owner: string;
    amount: string;
    symbol: string;
    blockTime: string | null;
  };
  /** A change waits for another owner's approval (DESIGN 17). */
  'approval.requested': { changeRequestId: number; kind: string; fields: string; username: string; expiresAt: string };
  /**
   * A change request's end, or its approval: approved (applied now, or scheduled for effectiveAt),
   * rejected, cancelled, expired, or failed (approved, but it could not take effect when due).
   */
  'approval.decided': {
    changeRequestId: number;
    kind: string;
    fields: string;
    decision: 'approved' | 'scheduled' | 'rejected' | 'cancelled' | 'expired' | 'failed';
    username: string;
    effectiveAt: string | null;
    reason: string | null;
  };
  /** The embedded PostgreSQL's daily base backup failed (DESIGN 19); the WAL archive and the last good backup stay. */
  'backup.failed': { reason: string };
  /** An audit of the books against the chain (DESIGN 19) found differences: listed in the Reconciliation tab. */
  'books.differences': { auditId: number; reason: string; differences: number; kinds: string };
  'webhook.test': { webhookId: number };
};

export type AlertEventType = keyof AlertEventData;

export const ALERT_EVENT_TYPES = [...WEBHOOK_EVENTS, 'webhook.test'] as const satisfies readonly AlertEventType[];

export type AlertEvent<T extends AlertEventType = AlertEventType> = {
  [K in T]: {
    /** Unique per event: a receiver that sees the same id twice has seen one event (retries reuse it). */
    id: string;
    type: K;
    /** ISO 8601, when it happened (not when it was delivered). */
    occurredAt: string;
    data: AlertEventData[K];
  };
}[T];

type Sentences = { [K in AlertEventType]: (data: AlertEventData[K]) => string };

const SENTENCES: Sentences = {
  'withdrawal.requested': (d) => `Withdrawal #${d.withdrawalId} requested: ${d.amount} ${d.symbol} to ${d.wallet}.`,
  'withdrawal.overdue': (d) =>
    `Withdrawal #${d.withdrawalId} (${d.amount} ${d.symbol} to ${d.wallet}) has waited more than ${d.hours} hours: holders are promised 24.`,
  'payout.completed': (d) =>
    `Payout #${d.payoutId} completed (${d.withdrawals} withdrawal${d.withdrawals === 1 ? '' : 's'}): ${d.signature}.`,
  'payout.failed': (d) => `Payout #${d.payoutId} failed: ${d.reason}. Its withdrawals are payable again.`,
  'payout.needs_review': (d) => `Payout #${d.payoutId} needs review: ${d.reason}. Its withdrawals stay held until an owner resolves them.`,
  'treasury.uncovered': (d) => `Treasury uncovered: its wallets hold ${d.balance} ${d.symbol} of ${d.liabilities} ${d.symbol} owed.`,
  'hot_wallet.low': (d) =>
    `Hot wallet ${d.wallet} is low: ${d.balance} ${d.symbol}, below the ${d.minimum} ${d.symbol} minimum. Automatic payouts stop.`,
  'settings.step_up_change': (d) =>
    d.changeRequestId === undefined
      ? `${d.username} changed ${d.fields} (confirmed with step-up).`
      : `${d.username} confirmed with step-up a change of ${d.fields} that is not in effect yet (change request #${d.changeRequestId}).`,
  'login.throttled': (d) => `Admin logins for '${d.username}' are being throttled after repeated failures.`,
  'reserves.check_failed': (d) =>
    `Proof of reserves: the check of snapshot #${d.snapshotId} failed in the browser of ${d.wallet} (${d.reason}). Further failures of this snapshot are counted, not alerted.`,
  'deposits.behind': (d) =>
    `Deposit detection is behind on ${d.account} (owned by ${d.owner}): ${d.transactions} new transactions in one round, more than it reads at once (failed ones included). The next rounds read the rest; no deposit is skipped.`,
  'treasury.unexplained_outflow': (d) =>
    `${d.amount} ${d.symbol} left ${d.owner} (token account ${d.account}) in transaction ${d.signature}, which no payout the server built and no verified TXID explains. Automatic payouts are stopped until an owner explains it in the Reconciliation tab.`,
  'approval.requested': (d) =>
    `${d.username} asked to change ${d.fields} (change request #${d.changeRequestId}): another owner must approve it before ${d.expiresAt}.`,
  'approval.decided': (d) => {
    const request = `Change request #${d.changeRequestId} (${d.fields})`;
    switch (d.decision) {
      case 'approved':
        return `${request} was approved by ${d.username} and took effect.`;
      case 'scheduled':
        return `${request} was approved by ${d.username}: it takes effect at ${d.effectiveAt}, and any owner may cancel it until then.`;
      case 'rejected':
        return `${request} was rejected by ${d.username}: ${d.reason}.`;
      case 'cancelled':
        return `${request} was cancelled by ${d.username}.`;
      case 'expired':
        return `${request} expired: no other owner decided on it in time.`;
      case 'failed':
        return `${request} was approved but could not take effect: ${d.reason}.`;
    }
  },
  'backup.failed': (d) =>
    `The daily backup of the database failed: ${d.reason}. The next attempt is within the hour; until one succeeds, restores start from the last good backup.`,
  'books.differences': (d) =>
    `The audit #${d.auditId} of the books against the chain (${d.reason}) found ${d.differences} difference(s): ${d.kinds}. They are listed in the Reconciliation tab.`,
  'webhook.test': (d) => `Test alert from Stakedesk for webhook #${d.webhookId}: this endpoint receives alerts.`,
};

/** The event in one English sentence, for chat formats (Telegram, Slack, Discord). */
export function alertSentence(event: AlertEvent): string {
  return (SENTENCES[event.type] as (data: AlertEvent['data']) => string)(event.data);
}
